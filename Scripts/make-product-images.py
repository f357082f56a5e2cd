#!/usr/bin/env python3
"""Draws the catalog's product pictures: one PNG per product, and one per colour of a product
that comes in colours. Flat shapes by product type (a coffee bag, a tea tin, a mug, a shirt…),
coloured by the product's own palette or the variant's colour, so that a picture drawn as
terminal cells still reads at 20x10 cells.

    python3 Scripts/make-product-images.py          # rewrites the pictures and the catalog's image entries

Writes Assets/images/*.png (Sources/Storefront/Resources/images, where Assets/images links to).
In the catalog (Assets/catalog.json, likewise a link) it points every image entry at its PNG (with its real size) and gives each coloured variant its own `image`; the
catalog's text is edited in place, so its hand-made layout stays. Needs numpy; PNGs are written
with zlib.
"""
import colorsys, hashlib, json, os, re, struct, sys, zlib

import numpy as np

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SIZE = 128
CDN = "https://cdn.kestrel-and-co.example/products/"
CDN_ROOT = "https://cdn.kestrel-and-co.example/"
# Assets/images and Assets/catalog.json are links to the Storefront module's resources.
OUT_DIRS = [os.path.join(ROOT, "Sources", "Storefront", "Resources", "images")]
CATALOGS = [os.path.join(ROOT, "Sources", "StorefrontCatalog", "Resources", "catalog.json")]

NAMED = {
    "anthracite": (55, 58, 62), "black": (30, 30, 32), "bleu nuit": (25, 40, 90), "bone": (226, 218, 200),
    "bottle green": (20, 80, 50), "camel": (193, 154, 107), "chalk white": (240, 238, 230), "charcoal": (60, 62, 66),
    "cream": (243, 232, 205), "ember": (200, 80, 40), "forest": (34, 85, 50), "glacier": (170, 210, 225),
    "heather grey": (150, 150, 155), "indigo": (50, 60, 120), "light grey": (200, 200, 200), "midnight blue": (25, 30, 70),
    "moss check": (100, 120, 60), "mustard": (215, 170, 40), "natural": (225, 210, 180), "navy": (30, 45, 90),
    "oat": (220, 205, 170), "olive": (110, 115, 55), "pine": (30, 90, 70), "rust": (170, 80, 40),
    "rust check": (170, 80, 40), "sage": (150, 170, 130), "sand": (210, 190, 150), "sky": (140, 190, 230),
    "slate": (90, 100, 110), "sunset": (240, 130, 70), "sépia": (112, 66, 20), "terracotta": (190, 95, 65),
    "tobacco": (120, 80, 45), "vert forêt": (30, 90, 45), "white": (248, 248, 246),
}


def palette(handle):
    """A product's own colour, stable across runs: a hue from its handle."""
    h = int(hashlib.sha256(handle.encode()).hexdigest()[:8], 16)
    r, g, b = colorsys.hls_to_rgb((h % 360) / 360.0, 0.45, 0.55)
    return (int(r * 255), int(g * 255), int(b * 255))


def shade(rgb, f):
    return tuple(max(0, min(255, int(c * f))) for c in rgb)


class Canvas:
    def __init__(self, background):
        self.px = np.zeros((SIZE, SIZE, 3), dtype=np.uint8)
        self.px[:, :] = background
        yy, xx = np.mgrid[0:SIZE, 0:SIZE]
        self.x, self.y = xx + 0.5, yy + 0.5

    def fill(self, mask, rgb):
        self.px[mask] = rgb

    def rect(self, x0, y0, x1, y1, rgb, radius=0):
        m = (self.x >= x0) & (self.x < x1) & (self.y >= y0) & (self.y < y1)
        if radius:
            for cx, cy in ((x0 + radius, y0 + radius), (x1 - radius, y0 + radius), (x0 + radius, y1 - radius), (x1 - radius, y1 - radius)):
                corner = ((self.x < x0 + radius) if cx == x0 + radius else (self.x >= x1 - radius)) & \
                         ((self.y < y0 + radius) if cy == y0 + radius else (self.y >= y1 - radius))
                m &= ~corner | ((self.x - cx) ** 2 + (self.y - cy) ** 2 <= radius ** 2)
        self.fill(m, rgb)

    def ellipse(self, cx, cy, rx, ry, rgb):
        self.fill(((self.x - cx) / rx) ** 2 + ((self.y - cy) / ry) ** 2 <= 1, rgb)

    def ring(self, cx, cy, rx, ry, thickness, rgb):
        outer = ((self.x - cx) / rx) ** 2 + ((self.y - cy) / ry) ** 2 <= 1
        inner = ((self.x - cx) / (rx - thickness)) ** 2 + ((self.y - cy) / (ry - thickness)) ** 2 <= 1
        self.fill(outer & ~inner, rgb)

    def polygon(self, points, rgb):
        inside = np.zeros((SIZE, SIZE), dtype=bool)
        n = len(points)
        for i in range(n):
            (xa, ya), (xb, yb) = points[i], points[(i + 1) % n]
            crosses = ((ya > self.y) != (yb > self.y))
            with np.errstate(divide="ignore", invalid="ignore"):
                xi = xa + (self.y - ya) * (xb - xa) / (yb - ya)
            inside ^= crosses & (self.x < xi)
        self.fill(inside, rgb)


def bag(c, color):
    c.polygon([(34, 30), (94, 30), (100, 112), (28, 112)], color)
    c.rect(34, 22, 94, 32, shade(color, 0.7))
    c.rect(40, 58, 88, 84, (245, 240, 228), radius=3)
    c.rect(48, 66, 80, 70, shade(color, 0.6))
    c.rect(52, 74, 76, 77, shade(color, 0.6))


def tin(c, color):
    c.rect(36, 30, 92, 108, color)
    c.ellipse(64, 108, 28, 8, color)
    c.ellipse(64, 30, 28, 8, shade(color, 1.25))
    c.rect(36, 56, 92, 80, (240, 232, 210))
    c.rect(46, 64, 82, 68, shade(color, 0.7))


def mug(c, color):
    c.ring(92, 70, 16, 18, 6, shade(color, 0.8))
    c.rect(30, 40, 92, 108, color, radius=8)
    c.ellipse(61, 40, 31, 7, shade(color, 0.6))
    c.rect(30, 40, 92, 46, shade(color, 1.2))


def dripper(c, color):
    c.polygon([(26, 36), (102, 36), (76, 86), (52, 86)], color)
    c.rect(44, 86, 84, 94, shade(color, 0.75))
    c.rect(30, 100, 98, 112, shade(color, 0.9), radius=4)
    c.ring(104, 52, 10, 12, 4, shade(color, 0.8))


def kettle(c, color):
    c.ellipse(64, 80, 36, 30, color)
    c.polygon([(92, 70), (118, 48), (120, 54), (98, 82)], shade(color, 0.85))
    c.ring(64, 48, 22, 16, 5, shade(color, 0.6))
    c.ellipse(64, 54, 10, 4, shade(color, 0.6))


def shirt(c, color):
    c.polygon([(40, 26), (24, 40), (14, 62), (30, 68), (36, 56), (36, 112), (92, 112), (92, 56), (98, 68), (114, 62),
               (104, 40), (88, 26), (76, 32), (52, 32)], color)
    c.polygon([(52, 32), (64, 46), (76, 32)], shade(color, 0.7))


def hat(c, color):
    c.ellipse(64, 72, 40, 36, color)
    c.rect(24, 72, 104, 100, color)
    c.rect(18, 92, 110, 108, shade(color, 0.75), radius=4)
    c.ellipse(64, 34, 8, 6, shade(color, 0.7))


def notebook(c, color):
    c.rect(30, 20, 98, 112, color, radius=4)
    c.rect(30, 20, 40, 112, shade(color, 0.7))
    for y in range(44, 100, 12):
        c.rect(50, y, 90, y + 2, shade(color, 1.35))


def pen(c, color):
    c.polygon([(28, 104), (92, 26), (104, 36), (40, 114)], color)
    c.polygon([(28, 104), (40, 114), (22, 120)], (200, 190, 160))
    c.polygon([(92, 26), (104, 36), (108, 30), (98, 22)], shade(color, 0.6))


def tent(c, color):
    c.polygon([(64, 20), (118, 108), (10, 108)], color)
    c.polygon([(64, 20), (80, 108), (48, 108)], shade(color, 0.6))
    c.rect(6, 108, 122, 112, (120, 100, 70))


def bottle(c, color):
    c.rect(42, 40, 86, 114, color, radius=10)
    c.rect(52, 22, 76, 40, shade(color, 0.7), radius=3)
    c.rect(42, 64, 86, 70, shade(color, 1.3))


def gift(c, color):
    c.rect(24, 52, 104, 112, color)
    c.rect(20, 40, 108, 54, shade(color, 1.2))
    c.rect(58, 40, 70, 112, (230, 200, 90))
    c.ellipse(52, 32, 12, 8, (230, 200, 90))
    c.ellipse(76, 32, 12, 8, (230, 200, 90))


def towel(c, color):
    c.rect(26, 24, 102, 108, color, radius=2)
    for y in (36, 96):
        c.rect(26, y, 102, y + 4, shade(color, 0.7))


def bowl(c, color):
    c.polygon([(18, 60), (110, 60), (92, 100), (36, 100)], color)
    c.ellipse(64, 60, 46, 10, shade(color, 0.7))
    c.rect(48, 100, 80, 106, shade(color, 0.8))


def lamp(c, color):
    c.polygon([(40, 24), (88, 24), (100, 60), (28, 60)], color)
    c.rect(60, 60, 68, 100, (90, 90, 90))
    c.rect(38, 100, 90, 110, (70, 70, 70), radius=3)
    c.ellipse(64, 64, 10, 5, (255, 230, 140))


def card(c, color):
    c.rect(18, 34, 110, 96, color, radius=8)
    c.rect(28, 46, 56, 64, (230, 200, 90), radius=3)
    c.rect(28, 76, 98, 82, shade(color, 1.35))


def tote(c, color):
    c.ring(64, 40, 22, 22, 5, shade(color, 0.7))
    c.rect(26, 44, 102, 114, color, radius=3)


SHAPES = {
    "Coffee": bag, "Tea": tin, "Kitchenware": mug, "Camping": tent, "Hat": hat, "Shirt": shirt, "T-Shirt": shirt,
    "Hoodie": shirt, "Jacket": shirt, "Apron": shirt, "Socks": shirt, "Notebook": notebook, "Planner": notebook,
    "Cards": card, "Gift Card": card, "Pen": pen, "Pencil": pen, "Ink": bottle, "Hydration": bottle,
    "Gift Set": gift, "Bag": tote, "Tape": tin, "Desk Accessory": towel, "Lighting": lamp,
}
BY_HANDLE = {
    "stonewashed-linen-tea-towels": towel, "stoneware-muesli-bowl": bowl, "ceramic-pour-over-dripper": dripper,
    "tetsubin-cast-iron-teapot": kettle, "travel-hammock": towel,
}


def shape_for(product):
    handle, kind = product["handle"], product.get("productType", "")
    if handle in BY_HANDLE:
        return BY_HANDLE[handle]
    if kind == "Brewing Equipment":
        return kettle if "kettle" in handle or "pot" in handle else dripper
    return SHAPES.get(kind, gift)


def draw(product, color):
    c = Canvas((236, 232, 224))
    c.ellipse(64, 116, 50, 8, (214, 208, 198))  # a shadow to stand on
    shape_for(product)(c, color)
    return c.px


def png(pixels):
    height, width, _ = pixels.shape
    raw = b"".join(b"\x00" + pixels[y].tobytes() for y in range(height))
    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)) + \
        chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b"")


def slug(text):
    out = "".join(ch if ch.isascii() and ch.isalnum() else "-" for ch in text.lower())
    return "-".join(part for part in out.split("-") if part)


def detail(pixels, index):
    """A detail picture (4:3): a closer look at part of the main picture."""
    rows = SIZE * 3 // 4
    zoom = pixels[16 + 8 * index:16 + 8 * index + rows // 2, 24:24 + SIZE // 2]
    return zoom.repeat(2, axis=0).repeat(2, axis=1)[:rows, :SIZE]


IMAGE_ENTRY = re.compile(r'("url": "' + re.escape(CDN_ROOT) + r'(?:products|collections)/([^"]+?)\.(?:jpg|png)",\s*"altText": "(?:[^"\\]|\\.)*",'
                         r'\s*"width": )\d+(,\s*"height": )\d+')


def point_entries_at_pictures(text, sizes):
    """Image entries name their PNG and its size."""
    def replace(match):
        name = match.group(2)
        width, height = sizes[name + ".png"]
        return f'{match.group(1).replace(name + ".jpg", name + ".png")}{width}{match.group(3)}{height}'
    return IMAGE_ENTRY.sub(replace, text)


def banner(pictures):
    """A collection's picture (2:1): its first products side by side, each at half size."""
    out = np.zeros((SIZE * 3 // 4, SIZE * 3 // 2, 3), dtype=np.uint8)
    out[:, :] = (236, 232, 224)
    half = SIZE // 2
    for k, pixels in enumerate(pictures[:3]):
        small = pixels.reshape(half, 2, half, 2, 3).mean(axis=(1, 3)).astype(np.uint8)
        top = (out.shape[0] - half) // 2
        out[top:top + half, k * half:(k + 1) * half] = small
    return out


def give_variants_images(text, catalog):
    """Each variant of a coloured product gets `"image"` for its colour (one-line variant entries)."""
    lines = text.split("\n")
    index = 0
    for product in catalog["products"]:
        while index < len(lines) and f'"handle": "{product["handle"]}"' not in lines[index]:
            index += 1
        colour = next((i for i, o in enumerate(product.get("options", [])) if o["name"].lower() in ("colour", "color")), None)
        if colour is None:
            continue
        for variant in product.get("variants", []):
            while '"sku": "' + variant["sku"] + '"' not in lines[index]:
                index += 1
            line = lines[index]
            if '"image"' in line:
                continue
            value = variant["options"][colour]
            entry = json.dumps({"url": CDN + f'{product["handle"]}-{slug(value)}.png',
                                "altText": f'{product["title"]}, {value}', "width": SIZE, "height": SIZE},
                               ensure_ascii=False)
            end = line.rindex("}")
            lines[index] = line[:end] + ', "image": ' + entry + line[end:]
    return "\n".join(lines)


def main():
    with open(CATALOGS[0], encoding="utf-8") as f:
        text = f.read()
    catalog = json.loads(text)
    files, sizes = {}, {}
    for product in catalog["products"]:
        handle = product["handle"]
        main_picture = draw(product, palette(handle))
        for k, image in enumerate(product.get("images", [])):
            name = image["url"].rsplit("/", 1)[-1].rsplit(".", 1)[0] + ".png"
            pixels = main_picture if k == 0 else detail(main_picture, k)
            files[name] = png(pixels)
            sizes[name] = (pixels.shape[1], pixels.shape[0])
        colour = next((i for i, o in enumerate(product.get("options", [])) if o["name"].lower() in ("colour", "color")), None)
        if colour is None:
            continue
        for value in product["options"][colour]["values"]:
            name = f"{handle}-{slug(value)}.png"
            files[name] = png(draw(product, NAMED.get(value.lower(), palette(handle + value))))
            sizes[name] = (SIZE, SIZE)
    drawn = {p["handle"]: draw(p, palette(p["handle"])) for p in catalog["products"]}
    for collection in catalog.get("collections", []):
        image = collection.get("image")
        if not image:
            continue
        name = image["url"].rsplit("/", 1)[-1].rsplit(".", 1)[0] + ".png"
        assert name not in files, f"{name} names a product picture too"
        pixels = banner([drawn[h] for h in collection.get("products", []) if h in drawn])
        files[name] = png(pixels)
        sizes[name] = (pixels.shape[1], pixels.shape[0])
    text = give_variants_images(point_entries_at_pictures(text, sizes), catalog)
    json.loads(text)  # still a catalog
    for directory in OUT_DIRS:
        os.makedirs(directory, exist_ok=True)
        for old in os.listdir(directory):
            if old.endswith(".png") and old not in files:
                os.remove(os.path.join(directory, old))
        for name, data in files.items():
            with open(os.path.join(directory, name), "wb") as f:
                f.write(data)
    for path in CATALOGS:
        with open(path, "w", encoding="utf-8") as f:
            f.write(text)
    print(f"{len(files)} pictures, {sum(len(d) for d in files.values())} bytes, in {len(OUT_DIRS)} folders")


if __name__ == "__main__":
    sys.exit(main())
