"""Stage: drafting. An article's text -> a claim file that `check` accepts as printed
(article.py drives it): the numbers found (numbers.py, with forms.py, grammar.py,
shorthand.py, counts.py), quoted by their clause (text.py), read with the words around them
(context.py, phrasing.py, claims.py) against the specs' entities and metrics (entities.py),
and written as YAML (emit.py). score.py scores a draft against a hand annotation."""
