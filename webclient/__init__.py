"""The reference web client: a browser game at /play/ that uses only the public v1 API."""
