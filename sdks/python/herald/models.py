"""The API's models (generated from the OpenAPI document): `from herald.models import Notification`."""

from ._generated.models import *
