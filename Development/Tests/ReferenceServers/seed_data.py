"""Seed data and the in-memory stores shared by the strawberry and ariadne reference servers.

Each test key gets its own copy of the seed data, so tests running in parallel can mutate users and products
without seeing each other's changes. Requests without a key share one default store.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, field

ROLES = ("ADMIN", "MEMBER", "GUEST")

# 2^53 + 1: the smallest positive integer a Double cannot hold, so a client that decodes through Double shows it.
BIG_FOLLOWER_COUNT = 9007199254740993


@dataclass
class UserRecord:
    id: str
    name: str
    email: str | None
    role: str
    follower_count: int

    def to_json(self) -> dict:
        return {
            "id": self.id,
            "name": self.name,
            "email": self.email,
            "role": self.role,
            "followerCount": self.follower_count,
        }


@dataclass
class ProductRecord:
    id: str
    title: str
    price_cents: int
    owner_id: str | None


@dataclass
class DataStore:
    """Users and products of one key, in insertion order."""

    users: dict[str, UserRecord] = field(default_factory=dict)
    products: dict[str, ProductRecord] = field(default_factory=dict)
    next_id: int = 100

    def new_id(self) -> str:
        self.next_id += 1
        return str(self.next_id)

    def create_user(self, name: str, email: str | None, role: str) -> UserRecord:
        user = UserRecord(id=self.new_id(), name=name, email=email, role=role, follower_count=0)
        self.users[user.id] = user
        return user

    def product_json(self, product: ProductRecord) -> dict:
        owner = self.users.get(product.owner_id) if product.owner_id else None
        return {
            "id": product.id,
            "title": product.title,
            "priceCents": product.price_cents,
            "owner": owner.to_json() if owner else None,
        }


def seed_store() -> DataStore:
    store = DataStore()
    for user in (
        UserRecord("1", "Ada Lovelace", "ada@example.com", "ADMIN", BIG_FOLLOWER_COUNT),
        UserRecord("2", "Grace Hopper", "grace@example.com", "MEMBER", 1200),
        UserRecord("3", "Alan Turing", None, "GUEST", 0),
    ):
        store.users[user.id] = user
    for product in (
        ProductRecord("1", "Analytical Engine", 250000, "1"),
        ProductRecord("2", "Compiler", 9900, "2"),
        ProductRecord("3", "Enigma Kit", 4999, None),
    ):
        store.products[product.id] = product
    return store


_SEED = seed_store()


class StoreRegistry:
    """One `DataStore` per key, each created from the seed on first use; `None` is the shared default store."""

    def __init__(self) -> None:
        self._stores: dict[str | None, DataStore] = {}

    def get(self, key: str | None) -> DataStore:
        store = self._stores.get(key)
        if store is None:
            store = copy.deepcopy(_SEED)
            self._stores[key] = store
        return store

    def reset(self, key: str) -> None:
        self._stores.pop(key, None)
