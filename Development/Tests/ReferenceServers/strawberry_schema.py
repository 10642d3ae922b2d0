"""The users/products schema written with strawberry (code first); `schema.graphql` is the same schema as SDL.

Resolvers read the request's `DataStore` from the context key "store" (see graphql_http.py).
"""

from __future__ import annotations

import asyncio
import enum
from collections.abc import AsyncGenerator
from typing import Annotated, NewType

import strawberry
from strawberry.file_uploads import Upload
from strawberry.schema.config import StrawberryConfig

import item_pages
import subscription_sources
import uploads
from gates import gates
from seed_data import DataStore, ProductRecord, UserRecord

Long = NewType("Long", int)

LONG_SCALAR = strawberry.scalar(
    name="Long",
    description="A 64-bit integer, serialised as a JSON integer (not a string).",
    serialize=int,
    parse_value=int,
)


@strawberry.enum
class Role(enum.Enum):
    ADMIN = "ADMIN"
    MEMBER = "MEMBER"
    GUEST = "GUEST"


def _store(info: strawberry.Info) -> DataStore:
    return info.context["store"]


@strawberry.type
class User:
    id: strawberry.ID
    name: str
    email: str | None
    role: Role
    follower_count: Long

    @strawberry.field(description='Always fails with "secret is classified": the field is null and an error '
                      "carries its path.")
    def secret(self) -> str | None:
        raise ValueError("secret is classified")

    @strawberry.field(description='Always fails with "strict secret is classified": being non-null, the null '
                      "propagates to the parent.")
    def strict_secret(self) -> str:
        raise ValueError("strict secret is classified")

    @staticmethod
    def of(record: UserRecord) -> User:
        return User(
            id=strawberry.ID(record.id),
            name=record.name,
            email=record.email,
            role=Role(record.role),
            follower_count=Long(record.follower_count),
        )


@strawberry.type
class Product:
    id: strawberry.ID
    title: str
    price_cents: int
    owner_id: strawberry.Private[str | None]

    @strawberry.field
    def owner(self, info: strawberry.Info) -> User | None:
        record = _store(info).users.get(self.owner_id) if self.owner_id else None
        return User.of(record) if record else None

    @staticmethod
    def of(record: ProductRecord) -> Product:
        return Product(
            id=strawberry.ID(record.id), title=record.title, price_cents=record.price_cents, owner_id=record.owner_id
        )


@strawberry.type
class Item:
    id: strawberry.ID
    position: int = strawberry.field(description="1 ... 250.")
    title: str


@strawberry.type
class ItemEdge:
    cursor: str
    node: Item


@strawberry.type
class PageInfo:
    has_next_page: bool
    has_previous_page: bool
    start_cursor: str | None
    end_cursor: str | None


@strawberry.type
class ItemConnection:
    edges: list[ItemEdge]
    page_info: PageInfo
    total_count: int

    @staticmethod
    def of(page: dict) -> ItemConnection:
        info = page["pageInfo"]
        return ItemConnection(
            edges=[ItemEdge(cursor=edge["cursor"], node=Item(**edge["node"])) for edge in page["edges"]],
            page_info=PageInfo(
                has_next_page=info["hasNextPage"],
                has_previous_page=info["hasPreviousPage"],
                start_cursor=info["startCursor"],
                end_cursor=info["endCursor"],
            ),
            total_count=page["totalCount"],
        )


@strawberry.type(description="What the server read of one uploaded file.")
class UploadedFile:
    filename: str
    content_type: str
    size: int = strawberry.field(description="The number of bytes read.")
    sha256: str = strawberry.field(description="The SHA-256 hex digest of the bytes read.")

    @staticmethod
    async def of(upload) -> UploadedFile:
        description = await uploads.describe(upload)
        return UploadedFile(
            filename=description["filename"],
            content_type=description["contentType"],
            size=description["size"],
            sha256=description["sha256"],
        )


@strawberry.type
class Query:
    @strawberry.field
    def user(self, info: strawberry.Info, id: strawberry.ID) -> User | None:
        record = _store(info).users.get(str(id))
        return User.of(record) if record else None

    @strawberry.field
    def users(self, info: strawberry.Info, first: int | None = strawberry.UNSET) -> list[User]:
        records = list(_store(info).users.values())
        if first:
            records = records[: max(first, 0)]
        elif first == 0:
            records = []
        return [User.of(record) for record in records]

    @strawberry.field
    def product(self, info: strawberry.Info, id: strawberry.ID) -> Product | None:
        record = _store(info).products.get(str(id))
        return Product.of(record) if record else None

    @strawberry.field
    def products(self, info: strawberry.Info) -> list[Product]:
        return [Product.of(record) for record in _store(info).products.values()]

    @strawberry.field(description='Always fails with "failing field".')
    def failing(self) -> str | None:
        raise ValueError("failing field")

    @strawberry.field(description='Waits delayMs milliseconds, then returns "done".')
    async def slow(self, delay_ms: int) -> str:
        await asyncio.sleep(max(delay_ms, 0) / 1000)
        return "done"

    @strawberry.field(description="Waits until the gate key is opened (strawberry: POST /control/open/{key}), then "
                      "returns key.")
    async def gated(self, key: str) -> str:
        return await gates.wait(key)

    @strawberry.field(description="250 fixed items, paged by cursor: first/after forwards, last/before backwards.")
    def items(
        self,
        first: int | None = strawberry.UNSET,
        after: str | None = strawberry.UNSET,
        last: int | None = strawberry.UNSET,
        before: str | None = strawberry.UNSET,
    ) -> ItemConnection:
        def given(value):
            return None if value is strawberry.UNSET else value

        return ItemConnection.of(item_pages.connection(given(first), given(after), given(last), given(before)))

    @strawberry.field(description="Reads an uploaded file as the uploadFile mutation does, from a query.")
    async def inspect_file(self, file: Upload) -> UploadedFile:
        return await UploadedFile.of(file)

    @strawberry.field(description='Items 1 ... count, one by one (for @stream); with gate, item n >= 2 waits for the '
                      'gate "<gate>-<n>".')
    async def streamed_items(self, count: int, gate: str | None = strawberry.UNSET) -> strawberry.Streamable[Item]:
        async for item in item_pages.streamed(count, None if gate is strawberry.UNSET else gate):
            yield Item(**item)


@strawberry.input
class ProfileInput:
    name: str
    avatar: Upload | None = strawberry.UNSET


@strawberry.type
class Profile:
    name: str
    avatar: UploadedFile | None


@strawberry.type
class Mutation:
    @strawberry.mutation
    def create_user(
        self,
        info: strawberry.Info,
        name: str,
        email: str | None = strawberry.UNSET,
        role: Role | None = Role.MEMBER,
    ) -> User:
        email_value = email if isinstance(email, str) else None
        record = _store(info).create_user(name, email_value, (role or Role.MEMBER).value)
        return User.of(record)

    @strawberry.mutation
    def update_product(
        self,
        info: strawberry.Info,
        id: strawberry.ID,
        title: str | None = strawberry.UNSET,
        price_cents: int | None = strawberry.UNSET,
    ) -> Product | None:
        record = _store(info).products.get(str(id))
        if record is None:
            return None
        if isinstance(title, str):
            record.title = title
        if isinstance(price_cents, int):
            record.price_cents = price_cents
        return Product.of(record)

    @strawberry.mutation(description="Sends an event to every events(key:) subscriber; returns how many received it.")
    def publish_event(self, key: str, text: str) -> int:
        return subscription_sources.broker.publish(key, text)

    @strawberry.mutation(description="Completes every events(key:) subscription; returns how many there were.")
    def finish_events(self, key: str) -> int:
        return subscription_sources.broker.finish(key)

    @strawberry.mutation(description="Reads one uploaded file (GraphQL multipart request spec) and describes it.")
    async def upload_file(self, file: Upload) -> UploadedFile:
        return await UploadedFile.of(file)

    @strawberry.mutation(description="Reads every uploaded file in the list, in order, and describes each.")
    async def upload_files(self, files: list[Upload]) -> list[UploadedFile]:
        return [await UploadedFile.of(file) for file in files]

    @strawberry.mutation(description="Reads the profile's name and its optional avatar file.")
    async def upload_profile(self, input: ProfileInput) -> Profile:
        avatar = input.avatar if input.avatar is not strawberry.UNSET else None
        return Profile(name=input.name, avatar=await UploadedFile.of(avatar) if avatar is not None else None)


@strawberry.type
class Tick:
    sequence: int
    server: str = strawberry.field(description="The server process that sent the tick: a restarted server has another.")


@strawberry.type
class Event:
    key: str
    sequence: int
    text: str


@strawberry.type
class Subscription:
    @strawberry.subscription(description="from, from - 1, ..., 0 (one every intervalMs milliseconds), then completes.")
    async def countdown(
        self, from_: Annotated[int, strawberry.argument(name="from")], interval_ms: int = 0
    ) -> AsyncGenerator[int, None]:
        async for value in subscription_sources.countdown(from_, interval_ms):
            yield value

    @strawberry.subscription(description="Sequence numbers after + 1, after + 2, ... every intervalMs milliseconds, "
                             "forever.")
    async def ticks(self, after: int = 0, interval_ms: int = 50) -> AsyncGenerator[Tick, None]:
        async for tick in subscription_sources.ticks(after, interval_ms):
            yield Tick(**tick)

    @strawberry.subscription(description='A "subscribed" event with sequence 0, then every event published to key, '
                             "until finishEvents(key:).")
    async def events(self, key: str) -> AsyncGenerator[Event, None]:
        async for event in subscription_sources.broker.events(key):
            yield Event(**event)

    @strawberry.subscription(description='1 ... count, then fails with "subscription failed".')
    async def fail_after(self, count: int) -> AsyncGenerator[int, None]:
        async for value in subscription_sources.fail_after(count):
            yield value


# A POST of a JSON array of operations is a batch: strawberry runs them and answers an array of results.
MAX_BATCH_OPERATIONS = 10

schema = strawberry.Schema(
    query=Query,
    mutation=Mutation,
    subscription=Subscription,
    config=StrawberryConfig(
        scalar_map={Long: LONG_SCALAR},
        enable_experimental_incremental_execution=True,
        batching_config={"max_operations": MAX_BATCH_OPERATIONS},
    ),
)
