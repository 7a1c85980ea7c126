"""The v1 HTTP API of the games app: serializers, views and routes. Views parse and authorise, call one
service or selector, and serialise the result."""
