from lograph.cli import main

raise SystemExit(main())
