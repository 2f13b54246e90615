"""Herald's Python SDK: `Herald` (sync) and `AsyncHerald` (asyncio) over httpx.

Models and operations are generated from the gateway's OpenAPI document (herald._generated,
re-exported as herald.models); this package adds credentials, typed errors, bounded retries,
pagination, the live feed stream and webhook verification.
"""

from . import models
from ._async_client import AsyncHerald
from ._client import Herald
from ._errors import (
    AuthenticationError,
    ConflictError,
    HeraldError,
    NetworkError,
    NotFoundError,
    PermissionDeniedError,
    RateLimitError,
    ServerError,
    ValidationError,
)
from ._feed import AsyncFeedStream, FeedEvent, FeedStream
from ._transport import RetryPolicy
from ._webhooks import WebhookVerificationError, verify_webhook

__all__ = [
    "AsyncFeedStream",
    "AsyncHerald",
    "AuthenticationError",
    "ConflictError",
    "FeedEvent",
    "FeedStream",
    "Herald",
    "HeraldError",
    "NetworkError",
    "NotFoundError",
    "PermissionDeniedError",
    "RateLimitError",
    "RetryPolicy",
    "ServerError",
    "ValidationError",
    "WebhookVerificationError",
    "models",
    "verify_webhook",
]
