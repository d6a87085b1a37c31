"""The places a slip can sit, one module a place: the claim itself (claim), one pair reading
(pair), the inputs of an expression (expression), a smaller system of the same members (group),
any figure traced to its nodes and sources (traced), and the dispatch over them (others)."""
