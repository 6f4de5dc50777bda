"""The algebra of a board shown as a teacher writes it (`lograph explain`): the press matrix,
the augmented matrix, its reduction step by step, the quiet patterns, why the position is
or is not solvable, and a solution by back substitution (`steps`); written as Markdown,
LaTeX or HTML (`text`) or drawn as a PNG (`figure`)."""
