"""``tansuo serve``: a local web page that shows tansuo's solvers at work.

One page, a tab per domain, on the same result objects that ``--json`` prints.
:func:`create_app` builds the ASGI app (Starlette); :class:`Limits` holds the
time and size limits the server sets for every request. A tab is an adapter
module in :mod:`tansuo.web.tabs` and a JavaScript module in ``static/tabs/``.
"""

from tansuo.web.app import create_app
from tansuo.web.limits import Limits, TooLarge

__all__ = ["Limits", "TooLarge", "create_app"]
