from herald._errors import HeraldError


def test_error_text_names_each_offending_property() -> None:
    e = HeraldError(
        "Request body is invalid",
        status=400,
        code="validation_failed",
        errors=[{"property_path": "emial", "message": "emial is not a field of this request"}],
    )
    assert str(e) == "400 validation_failed: Request body is invalid; emial: emial is not a field of this request"
