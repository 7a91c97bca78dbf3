"""The HTTP API and the web page (`rfp serve`)."""
