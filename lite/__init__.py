"""The zero-install classroom site: ``python lite/build.py`` (``make lite``)."""
