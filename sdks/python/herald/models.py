"""The API's models (generated from the OpenAPI document): `from herald.models import Notification`."""

from ._generated import models as _generated_models
from ._generated.models import *

__all__ = list(_generated_models.__all__)
