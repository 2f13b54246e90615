from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define

from ..models.provider_input_environment import (
    ProviderInputEnvironment,
    check_provider_input_environment,
)
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.provider_input_service_account_type_0 import (
        ProviderInputServiceAccountType0,
    )


T = TypeVar("T", bound="ProviderInput")


@_attrs_define
class ProviderInput:
    """
    Attributes:
        service_account (ProviderInputServiceAccountType0 | str | Unset): fcm: the service account JSON from the
            Firebase console (project_id, client_email, private_key; token_uri optional), as an object or its text
        key_p8 (str | Unset): apns: the .p8 signing key (PEM text)
        key_id (str | Unset): apns: the signing key id (10 characters)
        team_id (str | Unset): apns: the Apple developer team id (10 characters)
        bundle_id (str | Unset): apns: the app's bundle id, sent as apns-topic
        environment (ProviderInputEnvironment | Unset): apns: sandbox or production
        bot_token (str | Unset): slack: the app's bot token (xoxb-…)
    """

    service_account: ProviderInputServiceAccountType0 | str | Unset = UNSET
    key_p8: str | Unset = UNSET
    key_id: str | Unset = UNSET
    team_id: str | Unset = UNSET
    bundle_id: str | Unset = UNSET
    environment: ProviderInputEnvironment | Unset = UNSET
    bot_token: str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        from ..models.provider_input_service_account_type_0 import (
            ProviderInputServiceAccountType0,
        )

        service_account: dict[str, Any] | str | Unset
        if isinstance(self.service_account, Unset):
            service_account = UNSET
        elif isinstance(self.service_account, ProviderInputServiceAccountType0):
            service_account = self.service_account.to_dict()
        else:
            service_account = self.service_account

        key_p8 = self.key_p8

        key_id = self.key_id

        team_id = self.team_id

        bundle_id = self.bundle_id

        environment: str | Unset = UNSET
        if not isinstance(self.environment, Unset):
            environment = self.environment

        bot_token = self.bot_token

        field_dict: dict[str, Any] = {}

        field_dict.update({})
        if service_account is not UNSET:
            field_dict["service_account"] = service_account
        if key_p8 is not UNSET:
            field_dict["key_p8"] = key_p8
        if key_id is not UNSET:
            field_dict["key_id"] = key_id
        if team_id is not UNSET:
            field_dict["team_id"] = team_id
        if bundle_id is not UNSET:
            field_dict["bundle_id"] = bundle_id
        if environment is not UNSET:
            field_dict["environment"] = environment
        if bot_token is not UNSET:
            field_dict["bot_token"] = bot_token

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.provider_input_service_account_type_0 import (
            ProviderInputServiceAccountType0,
        )

        d = dict(src_dict)

        def _parse_service_account(
            data: object,
        ) -> ProviderInputServiceAccountType0 | str | Unset:
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                service_account_type_0 = ProviderInputServiceAccountType0.from_dict(
                    data
                )

                return service_account_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(ProviderInputServiceAccountType0 | str | Unset, data)

        service_account = _parse_service_account(d.pop("service_account", UNSET))

        key_p8 = d.pop("key_p8", UNSET)

        key_id = d.pop("key_id", UNSET)

        team_id = d.pop("team_id", UNSET)

        bundle_id = d.pop("bundle_id", UNSET)

        _environment = d.pop("environment", UNSET)
        environment: ProviderInputEnvironment | Unset
        if isinstance(_environment, Unset):
            environment = UNSET
        else:
            environment = check_provider_input_environment(_environment)

        bot_token = d.pop("bot_token", UNSET)

        provider_input = cls(
            service_account=service_account,
            key_p8=key_p8,
            key_id=key_id,
            team_id=team_id,
            bundle_id=bundle_id,
            environment=environment,
            bot_token=bot_token,
        )

        return provider_input
