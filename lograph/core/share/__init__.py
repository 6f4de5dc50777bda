"""A board or a level pack as one self-contained web page that plays it (`lograph share`).

`page` builds the HTML (the board's drawing, its press columns, its levels, the page's own
script and style inline); `tables` makes the small tables with which the page finds a
fewest-presses hint for any position by itself. No Qt here: how the window draws a board
(scale, colours, wrap-around stubs) is handed in as a `page.Drawing`.
"""
