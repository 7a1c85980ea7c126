"""Games app: tables, hands, the action log, the services that change them, and the pure rules engine."""
