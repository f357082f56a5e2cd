#!/usr/bin/env python3
"""Shops the storefront as an AI agent does, with the official MCP Python SDK as the client.

    agent-e2e.py http URL [--token CUSTOMER_TOKEN]     the UCP tools at URL (serve's /api/ucp/mcp),
                                                       and the Storefront MCP tools beside it (/api/mcp)
    agent-e2e.py stdio -- COMMAND ARGS...              `storefront mcp` (UCP) and `storefront mcp --tools storefront`

Initialises, lists the tools and checks every input schema against the JSON Schema 2020-12
meta-schema, searches the catalog, reads a product and the policies, builds a cart, creates and
completes a checkout (replaying the completion with the same idempotency key), reads the order.
Prints one JSON line with what it saw; exits 1 (with the reason on stderr) when anything is off.
"""
import asyncio
import json
import os
import sys
import uuid

import jsonschema
from mcp import ClientSession, StdioServerParameters
from mcp.client.stdio import stdio_client

try:  # the SDK's current client: headers go on the HTTP client it is given
    from mcp.client.streamable_http import streamable_http_client
    from mcp.shared._httpx_utils import create_mcp_http_client

    def http_client(url, headers):
        return streamable_http_client(url, http_client=create_mcp_http_client(headers=headers))
except ImportError:  # releases before 2.0
    from mcp.client.streamable_http import streamablehttp_client

    def http_client(url, headers):
        return streamablehttp_client(url, headers=headers)

META = {"ucp-agent": {"profile": "https://agent.example/profiles/shopping-agent.json"}}
ADDRESS = {"first_name": "Ada", "last_name": "Lovelace", "street_address": "Keizersgracht 123",
           "address_locality": "Amsterdam", "postal_code": "1015 CJ", "address_country": "NL"}


def field(value, snake, camel):
    """A field of the SDK's types, named in snake case since its 2.0 and in camel case before."""
    return getattr(value, snake) if hasattr(value, snake) else getattr(value, camel)


def fail(message):
    raise SystemExit(f"agent-e2e: {message}")


async def check_tools(session, expected):
    listed = (await session.list_tools()).tools
    names = [tool.name for tool in listed]
    if names != expected:
        fail(f"tools {names}, expected {expected}")
    for tool in listed:
        try:
            jsonschema.Draft202012Validator.check_schema(field(tool, 'input_schema', 'inputSchema'))
        except jsonschema.SchemaError as error:
            fail(f"{tool.name}'s input schema is not valid JSON Schema: {error.message}")
    return names


async def call(session, name, arguments, error=False):
    result = await session.call_tool(name, arguments)
    text = result.content[0].text if result.content else ""
    failed = bool(field(result, "is_error", "isError"))
    if failed != error:
        fail(f"{name} {'failed' if failed else 'succeeded'}: {text}")
    return field(result, "structured_content", "structuredContent") if not error else text


async def storefront_tools(session):
    await session.initialize()
    await check_tools(session, ["search_shop_catalog", "search_shop_policies_and_faqs", "get_product_details", "get_cart", "update_cart"])
    found = await call(session, "search_shop_catalog", {"query": "espresso", "context": "a coffee lover"})
    product = found["products"][0]
    details = await call(session, "get_product_details", {"product_id": product["product_id"]})
    policies = await call(session, "search_shop_policies_and_faqs", {"query": "What is your refund policy?"})
    if not any("refund" in p["title"].lower() for p in policies["policies"]):
        fail(f"no refund policy in {[p['title'] for p in policies['policies']]}")
    # Bad input is a tool error in the protocol's shape, and the server goes on.
    await call(session, "update_cart", {"add_items": [{"product_variant_id": 7, "quantity": "two"}]}, error=True)
    return {"policies": len(policies["policies"]), "product": details["product"]["title"]}


async def ucp_tools(session):
    await session.initialize()
    await check_tools(session, ["search_catalog", "lookup_catalog", "get_product", "create_cart", "get_cart", "update_cart",
                                "cancel_cart", "create_checkout", "get_checkout", "update_checkout", "complete_checkout",
                                "cancel_checkout", "get_order"])
    found = await call(session, "search_catalog", {"meta": META, "catalog": {"query": "tea", "pagination": {"limit": 5}}})
    product = next(p for p in found["products"] if any(v["availability"]["available"] for v in p["variants"]))
    detail = await call(session, "get_product", {"meta": META, "catalog": {"id": product["id"]}})
    variant = detail["product"]["selected_variant"]
    cart = (await call(session, "create_cart", {"meta": META, "cart": {"line_items": [{"item": {"id": variant["id"]}, "quantity": 1}]}}))["cart"]
    cart = (await call(session, "update_cart", {"meta": META, "id": cart["id"],
                                                "cart": {"line_items": [{"item": {"id": variant["id"]}, "quantity": 2}]}}))["cart"]
    checkout = (await call(session, "create_checkout", {"meta": META, "checkout": {"cart_id": cart["id"]}}))["checkout"]
    checkout = (await call(session, "update_checkout", {"meta": META, "id": checkout["id"], "checkout": {
        "buyer": {"email": "ada@example.com"}, "shipping_address": ADDRESS}}))["checkout"]
    if checkout["status"] != "ready_for_complete":
        fail(f"checkout is {checkout['status']}: {checkout.get('messages')}")
    total = next(t["amount"] for t in checkout["totals"] if t["type"] == "total")
    key = str(uuid.uuid4())
    complete = {"meta": {**META, "idempotency-key": key}, "id": checkout["id"], "checkout": {"payment": {"instruments": [
        {"handler_id": "storefront_test_tokens", "credential": {"type": "token", "token": "tok_visa"}}]}}}
    done = (await call(session, "complete_checkout", complete))["checkout"]
    again = (await call(session, "complete_checkout", complete))["checkout"]
    if done["status"] != "completed" or again["order"]["id"] != done["order"]["id"]:
        fail(f"completion {done.get('status')}, replay {again.get('order')} vs {done.get('order')}")
    order = (await call(session, "get_order", {"meta": META, "id": checkout["id"]}))["order"]
    recorded = next(t["amount"] for t in order["totals"] if t["type"] == "total")
    if recorded != total:
        fail(f"the order's total {recorded} is not the checkout's {total}")
    await call(session, "complete_checkout", {"meta": META, "id": checkout["id"]}, error=True)
    return {"order": order["id"], "label": order["label"], "total": recorded, "currency": order["currency"],
            "customer": (order.get("customer") or {}).get("id"), "checkout": checkout["id"]}


async def over_http(url, token):
    headers = {"Authorization": f"Bearer {token}"} if token else {}
    async with http_client(url, headers) as streams:
        async with ClientSession(streams[0], streams[1]) as session:
            ucp = await ucp_tools(session)
    storefront_url = url.replace("/api/ucp/mcp", "/api/mcp")
    async with http_client(storefront_url, headers) as streams:
        async with ClientSession(streams[0], streams[1]) as session:
            storefront = await storefront_tools(session)
    return {"ucp": ucp, "storefront": storefront}


async def over_stdio(command):
    async def run(arguments, body):
        # The whole environment: XDG_STATE_HOME says whose terminal (and login) `storefront mcp` is.
        parameters = StdioServerParameters(command=command[0], args=command[1:] + arguments, env=dict(os.environ))
        async with stdio_client(parameters) as (read, write):
            async with ClientSession(read, write) as session:
                return await body(session)
    return {"ucp": await run([], ucp_tools), "storefront": await run(["--tools", "storefront"], storefront_tools)}


def main():
    arguments = sys.argv[1:]
    if arguments[:1] == ["http"] and len(arguments) >= 2:
        token = arguments[3] if arguments[2:3] == ["--token"] and len(arguments) > 3 else None
        result = asyncio.run(over_http(arguments[1], token))
    elif arguments[:2] == ["stdio", "--"] and len(arguments) > 2:
        result = asyncio.run(over_stdio(arguments[2:]))
    else:
        raise SystemExit(__doc__)
    print(json.dumps(result, sort_keys=True))


if __name__ == "__main__":
    main()
