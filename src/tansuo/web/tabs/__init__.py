"""The tabs of the page: one adapter module each (see :mod:`tansuo.web.api`).

A module here is found by name; it declares ``TAB`` and ``ENDPOINTS`` and holds
every call the tab makes into its domain library. Its page half is
``tansuo/web/static/tabs/<TAB.id>.js``.
"""
