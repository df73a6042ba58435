"""whistdrive: duplicate whist events and progressive whist drives for clubs."""

# The one place the version is written: the wheel's metadata, /healthz and `whistdrive --version`.
__version__ = "1.0.0"
