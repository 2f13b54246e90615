"""The package's public names."""

from __future__ import annotations

import herald
import herald.models
from herald._generated import models as generated


def test_when_importing_herald_models_then_every_generated_model_is_there() -> None:
    assert set(herald.models.__all__) == set(generated.__all__)
    assert all(getattr(herald.models, name) is getattr(generated, name) for name in generated.__all__)


def test_when_importing_herald_then_every_name_of_all_exists() -> None:
    assert all(hasattr(herald, name) for name in herald.__all__)
    assert issubclass(herald.NotFoundError, herald.HeraldError) and issubclass(herald.NetworkError, herald.HeraldError)
