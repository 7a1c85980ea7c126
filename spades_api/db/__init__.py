"""The PostgreSQL database backend the service runs with a connection pool (``DB_POOL_MAX_SIZE``): Django's,
with a pool check that costs no round trip (:mod:`.base`)."""
