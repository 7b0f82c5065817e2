"""The pakka server: a thin, typed event loop around the engine (``pakka serve``).

``create_app(Settings(...))`` in :mod:`pakka.server.app` builds the FastAPI application.
"""
