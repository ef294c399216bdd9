"""Photo quality for still pictures (``render``, ``render --card``, turntables, the viewer's S):
smooth edges, soft shadows, contact darkening, glass that reflects a room, depth of field.

None of it touches the live table: the table's shaders stay as they are, and a still swaps in
variants of them made here from their own source (``still_program``), so a still keeps every
material's look and adds only:

- **soft shadows**: the key light's shadow map read through a 16-tap rotated Poisson disc
  (percentage-closer filtering over ``StillOptions.shadow_softness`` cm) instead of one 2x2
  hardware lookup;
- **contact darkening**: an occlusion term computed in the shader from the building's own
  geometry (each die a box, ``still_boxes``): the card round a die's foot, a die's sides near
  the card and the joints of a stack darken with distance to the nearest other die or the card;
- **reflections**: glass looks up a generated room (``room_map``: an equirectangular picture of
  a ceiling lamp, a window, walls and the table below) along its reflected ray, where the table
  shaders use a plain two-tone gradient;
- **smooth edges**: a 4x multisampled offscreen buffer (Mesa's llvmpipe offers 2 or 4 samples
  through ``FrameBufferProperties.set_multisamples``), on top of ``render``'s supersampling;
  without multisampling the buffer opens plain and supersampling alone smooths;
- **depth of field** (``depth_of_field``): the depth buffer read back and the picture blurred
  per pixel by its circle of confusion, in numpy.

``StillOptions.quick()`` turns everything off: the picture is drawn as before these existed.
"""

from __future__ import annotations

import math
import sys
from dataclasses import dataclass, field, replace
from functools import lru_cache, cache
from string import Template

import numpy as np
from panda3d.core import (
    AntialiasAttrib,
    FrameBufferProperties,
    GraphicsOutput,
    GraphicsPipe,
    LMatrix4f,
    NodePath,
    PTA_LVecBase4f,
    SamplerState,
    Shader,
    Texture,
    UnalignedLVecBase4f,
    WindowProperties,
)

from blueprints3d.client.render import shaders
from blueprints3d.client.render.capture import View, ram_array

MAX_BOXES = 64  # dice a still's contact darkening knows (a building has far fewer)
PRIORITY = 30  # over every shader input the table sets (glass uses up to 20)


@dataclass(frozen=True)
class StillOptions:
    """What a still picture gets. ``dof`` > 0: depth of field of that strength (1 = a close-up
    lens); ``focus``: the distance in cm kept sharp (None: the camera's aim)."""

    multisamples: int = 4
    soft_shadows: bool = True
    shadow_softness: float = 0.09  # cm: radius of the shadow filter on the card
    contact: bool = True
    contact_reach: float = 0.65  # cm from a die over which the darkening fades
    contact_strength: float = 0.85  # at touching distance, facing the die
    reflections: bool = True
    dof: float = 0.0
    focus: float | None = None

    @staticmethod
    def quick() -> StillOptions:
        """The picture as drawn before stills had any of this."""
        return StillOptions(multisamples=0, soft_shadows=False, contact=False, reflections=False)

    @property
    def shading(self) -> bool:
        """Whether the still shaders are needed at all."""
        return self.soft_shadows or self.contact or self.reflections

    def with_(self, **changes) -> StillOptions:
        return replace(self, **changes)


class StillsUnavailable(RuntimeError):
    """The table's shader source no longer has a line the still variants hook onto."""


# -- the still variants of the table's programs ---------------------------------------------------

_POISSON = (
    (-0.613, 0.617),
    (0.170, -0.040),
    (-0.299, 0.791),
    (0.645, 0.493),
    (-0.651, 0.717),
    (0.421, 0.027),
    (-0.817, -0.271),
    (-0.705, -0.668),
    (0.977, -0.108),
    (0.063, -0.729),
    (0.344, -0.894),
    (-0.402, -0.232),
    (-0.251, 0.343),
    (0.487, -0.492),
    (0.142, 0.532),
    (-0.984, 0.140),
)

_PCF = Template("""
// -- stills: soft shadows (stills.py) --
uniform float still_shadow_radius;   // filter radius in shadow-map coordinates (0: one lookup)
uniform float still_shadow_bias;     // depth bias that grows with the radius
const vec2 STILL_DISC[16] = vec2[](${disc});
float still_pcf(vec3 c) {
#ifndef STILL_SOFT
    return texture(p3d_LightSource[0].shadowMap, c);
#else
    // The disc turns from pixel to pixel: banding becomes fine noise, averaged away by the
    // supersampling.
    float a = 6.2831853 * fract(sin(dot(gl_FragCoord.xy, vec2(12.9898, 78.233))) * 43758.5453);
    mat2 rot = mat2(cos(a), sin(a), -sin(a), cos(a)) * still_shadow_radius;
    // The first four taps settle it where they agree (fully lit or fully shadowed: most of the
    // picture); only the penumbra takes all sixteen. (A loop that ends early is the one branch
    // a software renderer really skips, once every pixel of a block is done.)
    float s = 0.0;
    float n = 16.0;
    for (int i = 0; i < 16; ++i) {
        if (i == 4 && (s < 0.001 || s > 3.999)) {
            n = 4.0;
            break;
        }
        s += texture(p3d_LightSource[0].shadowMap, vec3(c.xy + rot * STILL_DISC[i], c.z - still_shadow_bias));
    }
    return s / n;
#endif
}
""").substitute(disc=", ".join(f"vec2({x}, {y})" for x, y in _POISSON))

_CONTACT = Template("""
// -- stills: contact darkening from the building's own boxes (stills.py) --
uniform vec4 still_boxes[${max_boxes}];          // card space: a die's centre (xyz), half its side (w; < 0: glass)
uniform float still_box_count;
uniform mat4 still_card_from_world;
uniform float still_self;              // this die's index in still_boxes; -1: not a die
uniform float still_ground_z;          // card space: the card's top
uniform float still_contact_reach;     // cm; 0: off
uniform float still_contact_strength;
float still_contact(vec3 world, vec3 world_n) {
#ifndef STILL_CONTACT
    return 1.0;
#else
    float reach = still_contact_reach;
    vec3 p = (still_card_from_world * vec4(world, 1.0)).xyz;
    vec3 n = normalize(mat3(still_card_from_world) * world_n);
    float ao = 1.0;
    if (still_self > -0.5) {
        // A die's sides where it stands on the card.
        float up = max(p.z - still_ground_z, 0.0);
        float f = 1.0 - smoothstep(0.0, reach, up);
        ao *= 1.0 - 0.5 * still_contact_strength * f * f * (1.0 - clamp(abs(n.z), 0.0, 1.0));
    }
    for (int i = 0; i < ${max_boxes}; ++i) {
        if (float(i) >= still_box_count) break;
        if (abs(float(i) - still_self) < 0.5) continue;
        vec4 b = still_boxes[i];
        // w < 0: glass. It shuts out less light, and what lies under it shows through it.
        float half_side = abs(b.w);
        float k = b.w < 0.0 ? 0.4 : 1.0;
        vec3 d = p - b.xyz;
        if (b.w < 0.0 && max(abs(d.x), abs(d.y)) < half_side) continue;
        vec3 q = max(abs(d) - vec3(half_side), 0.0);
        float dist = length(q);
        if (dist >= reach) continue;
        vec3 to = b.xyz + clamp(d, -half_side, half_side) - p;
        float facing = dist > 1e-4 ? clamp(0.5 + 0.5 * dot(n, to / dist), 0.0, 1.0) : 0.5;
        float f = 1.0 - smoothstep(0.0, reach, dist);
        ao *= 1.0 - k * still_contact_strength * f * f * facing;
    }
    return ao;
#endif
}
""").substitute(max_boxes=MAX_BOXES)

_FLAT_CONTACT = """
// -- stills: contact darkening on the card and table, baked from the boxes (stills.contact_map) --
uniform mat4 still_card_from_world;
uniform sampler2D still_contact_map;   // card space, over still_contact_rect
uniform vec4 still_contact_rect;       // x, y of its corner, 1 / width, 1 / length (cm)
float still_flat_contact(vec3 world) {
#ifndef STILL_CONTACT
    return 1.0;
#else
    vec2 p = (still_card_from_world * vec4(world, 1.0)).xy;
    return textureLod(still_contact_map, (p - still_contact_rect.xy) * still_contact_rect.zw, 0.0).r;
#endif
}
"""

_DIE_HOOKS = """
// -- stills: the die's lighting with contact darkening, glass reflecting the room --
#ifndef MAT_GLASS
uniform mat4 p3d_ModelMatrix;
#endif
uniform mat4 p3d_ModelViewMatrix;
uniform sampler2D still_env;           // the room, equirectangular, z up
void light_surface(vec3 view_pos, vec3 n, float shininess, out vec3 diffuse, out vec3 specular) {
    light_surface_live(view_pos, n, shininess, diffuse, specular);
#ifdef MAT_GLASS
    float ao = 1.0;   // light passes through glass: what shows through it is darkened already
#else
    float ao = still_contact(v_world_pos, normalize(mat3(p3d_ModelMatrix) * v_obj_normal));
#endif
    diffuse *= ao;
    specular *= ao;
}
"""

_DIE_ENV = """
vec3 environment(vec3 r) {
#if defined(MAT_GLASS) && defined(STILL_ENV)
    {
        // View -> world as scene.vert does for its ray: model -> world after view -> model.
        vec3 w = normalize(mat3(p3d_ModelMatrix) * (transpose(mat3(p3d_ModelViewMatrix)) * r));
        vec2 uv = vec2(atan(w.y, w.x) / 6.2831853 + 0.5, acos(clamp(w.z, -1.0, 1.0)) / 3.14159265);
        vec3 t = textureLod(still_env, uv, 0.0).rgb;
        // The picture is stored 0..1; the window and the lamp are far brighter than the walls
        // (up to 7x): even a face seen head on (4% reflected) shows them.
        return t * (1.0 + 6.0 * t * t * t * t);
    }
#endif
    return environment_live(r);
}
"""


def _hook(text: str, anchor: str, new: str, where: str) -> str:
    """Put ``new`` in place of ``anchor`` in a shader's text; its absence is StillsUnavailable."""
    if text.count(anchor) != 1:
        raise StillsUnavailable(
            f"{where} has no single line '{anchor.strip()}' for the still variant"
        )
    return text.replace(anchor, new)


FEATURES = ("STILL_SOFT", "STILL_CONTACT", "STILL_ENV")


def features(options: StillOptions) -> tuple[str, ...]:
    """The still shaders' compile-time switches for ``options`` (a feature that is off costs
    nothing: the software renderer runs both sides of a branch)."""
    on = (options.soft_shadows, options.contact, options.reflections)
    return tuple(f for f, o in zip(FEATURES, on, strict=True) if o)


def still_sources(name: str, flags: tuple[str, ...]) -> tuple[str, str]:
    """(vertex, fragment) text of the still variant of the table's program ``name`` ("die" or
    "surface"): the table's own source with the still code hooked onto a few of its lines.
    ``flags``: the table's variant flags and any of ``FEATURES``."""
    vert_file, frag_file, _ = shaders.PROGRAMS[name]
    vert, frag = shaders.source(vert_file), shaders.source(frag_file)
    if name == "die":
        frag = _hook(
            frag,
            "float key_shadow(vec3 view_pos, vec3 n_view) {",
            _PCF
            + """
float key_shadow(vec3 view_pos, vec3 n_view) {
    // Off the surface along its normal by the filter's reach too: no self-shadowing of lit faces.
    vec4 sc = p3d_LightSource[0].shadowViewMatrix
              * vec4(view_pos + n_view * (0.04 + 60.0 * still_shadow_bias), 1.0);
    return still_pcf(sc.xyz / sc.w);
}
float key_shadow_live(vec3 view_pos, vec3 n_view) {""",
            frag_file,
        )
        frag = _hook(
            frag,
            "void light_surface(vec3 view_pos",
            "void light_surface_live(vec3 view_pos",
            frag_file,
        )
        frag = _hook(
            frag, "\nfloat engraved(", _CONTACT + _DIE_HOOKS + "\nfloat engraved(", frag_file
        )
        frag = _hook(
            frag, "vec3 environment(vec3 r) {", "vec3 environment_live(vec3 r) {", frag_file
        )
        frag = _hook(frag, "\nvoid main() {", _DIE_ENV + "\nvoid main() {", frag_file)
    elif name == "surface":
        vert = _hook(vert, "\nvoid main() {", "\nout vec3 v_still_world;\nvoid main() {", vert_file)
        vert = _hook(
            vert,
            "vec3 world = (p3d_ModelMatrix * p3d_Vertex).xyz;",
            "vec3 world = (p3d_ModelMatrix * p3d_Vertex).xyz;\n    v_still_world = world;",
            vert_file,
        )
        frag = _hook(
            frag,
            "\nvoid main() {",
            "\nin vec3 v_still_world;\n" + _PCF + _FLAT_CONTACT + "\nvoid main() {",
            frag_file,
        )
        frag = _hook(
            frag,
            "float shadow = texture(p3d_LightSource[0].shadowMap, v_shadow);",
            "float shadow = still_pcf(v_shadow);",
            frag_file,
        )
        frag = _hook(
            frag,
            "vec3 col = albedo * (v_rest + v_key * shadow);",
            "vec3 col = albedo * (v_rest + v_key * shadow) * still_flat_contact(v_still_world);",
            frag_file,
        )
    else:
        raise ValueError(f"no still variant of {name!r}")
    d = {f: True for f in flags}
    return shaders.with_defines(vert, d), shaders.with_defines(frag, d)


@cache
def still_program(name: str, flags: tuple[str, ...]) -> Shader:
    vert, frag = still_sources(name, flags)
    shader = Shader.make(Shader.SL_GLSL, vert, frag)
    if shader is None:
        raise StillsUnavailable(f"could not build the still variant of {name} {' '.join(flags)}")
    return shader


@cache
def _table_programs() -> dict:
    """The table's shader objects -> (program, flags), for the ones with a still variant."""
    return {
        shader: (name, flags)
        for name, flags, shader in shaders.all_variants()
        if name in ("die", "surface") and "CHEAP" not in flags
    }


def check_still_programs(gsg) -> list[str]:
    """Compile every still variant on ``gsg``; the problems found (empty: all is well)."""
    problems = []
    for name, flags in _table_programs().values():
        try:
            shader = still_program(name, flags + FEATURES)
            shader.prepare_now(gsg.get_prepared_objects(), gsg)
            if shader.get_error_flag():
                problems.append(f"{name} {' '.join(flags)}: compile or link error")
        except StillsUnavailable as e:
            problems.append(str(e))
    return problems


# -- the room glass reflects ---------------------------------------------------------------------


def room_map(
    width: int = 256, height: int = 128, lamp: tuple[float, float, float] = (0.304, -0.434, 0.848)
) -> np.ndarray:
    """The room round the table as an equirectangular (height, width, 3) float picture, row 0
    looking straight up (z), column 0 at azimuth -180 degrees: a warm lamp towards ``lamp``
    (the key light's direction), a window with a cross bar on one wall, warm grey walls and a
    paler ceiling, the walnut table and dark floor below the horizon."""
    v = (np.arange(height) + 0.5) / height
    u = (np.arange(width) + 0.5) / width
    theta = (v * math.pi)[:, None]  # from straight up
    phi = ((u - 0.5) * 2 * math.pi)[None, :]
    d = np.stack(
        np.broadcast_arrays(
            np.sin(theta) * np.cos(phi), np.sin(theta) * np.sin(phi), np.cos(theta)
        ),
        axis=-1,
    )
    z = d[..., 2]
    elev = np.degrees(np.arcsin(np.clip(z, -1, 1)))
    wall = np.array([0.46, 0.43, 0.40]) + np.clip(z, 0, 1)[..., None] * np.array([0.22, 0.23, 0.24])
    floor = np.array([0.22, 0.13, 0.08]) * (1.0 - 0.6 * np.clip(-z, 0, 1))[..., None]
    img = np.where((z >= 0)[..., None], wall, floor)
    # The window: 70 degrees wide, from the horizon to 45 degrees up, opposite the lamp's side.
    az = np.degrees(phi) * np.ones_like(z)
    win_az = math.degrees(math.atan2(-lamp[1], -lamp[0])) + 40.0
    da = (az - win_az + 180.0) % 360.0 - 180.0
    inside = (np.abs(da) < 35.0) & (elev > -2.0) & (elev < 45.0)
    bars = (np.abs(da) < 1.5) | (np.abs(elev - 21.0) < 1.5)
    img = np.where((inside & ~bars)[..., None], np.array([1.0, 1.0, 1.0]), img)
    # The lamp: a bright warm disc with a soft glow round it.
    ln = np.asarray(lamp, float) / np.linalg.norm(lamp)
    cos_l = np.clip(d @ ln, -1, 1)
    ang = np.degrees(np.arccos(cos_l))
    glow = np.clip(1.0 - ang / 40.0, 0, 1) ** 2 * 0.35
    disc = (ang < 9.0).astype(float)
    img = img + glow[..., None] * np.array([1.0, 0.9, 0.7])
    img = np.where(disc[..., None] > 0, np.array([1.0, 0.97, 0.9]), img)
    return np.clip(img, 0.0, 1.0)


@lru_cache(maxsize=1)
def room_texture() -> Texture:
    img = room_map()
    h, w = img.shape[:2]
    tex = Texture("still-room")
    tex.setup_2d_texture(w, h, Texture.T_unsigned_byte, Texture.F_rgb)
    # Row 0 of the picture is v = 0 of the texture (Panda's RAM rows go up from t = 0); BGR.
    tex.set_ram_image(
        np.ascontiguousarray((img[:, :, ::-1] * 255 + 0.5).astype(np.uint8)).tobytes()
    )
    tex.set_wrap_u(SamplerState.WM_repeat)
    tex.set_wrap_v(SamplerState.WM_clamp)
    tex.set_minfilter(SamplerState.FT_linear)
    tex.set_magfilter(SamplerState.FT_linear)
    return tex


# -- putting it on a scene ------------------------------------------------------------------------


@dataclass
class StillLook:
    """The still shaders on a scene, until ``remove``. ``update`` before each frame in which the
    building moved (a turntable's step)."""

    root: NodePath
    card: NodePath
    options: StillOptions
    extent: float
    swapped: list = field(default_factory=list)  # (node, table shader)

    def update(self) -> None:
        to_card = LMatrix4f(self.card.get_mat(self.root.get_top()))
        to_card.invert_in_place()
        self.root.set_shader_input("still_card_from_world", to_card, priority=PRIORITY)

    def remove(self) -> None:
        for node, shader in self.swapped:
            if not node.is_empty():
                node.set_shader(shader)
        self.swapped.clear()
        for name in (
            "still_card_from_world",
            "still_boxes",
            "still_box_count",
            "still_ground_z",
            "still_contact_reach",
            "still_contact_strength",
            "still_shadow_radius",
            "still_shadow_bias",
            "still_env",
            "still_self",
            "still_contact_map",
            "still_contact_rect",
        ):
            self.root.clear_shader_input(name)


def apply_still_look(
    root: NodePath, card: NodePath, boxes, options: StillOptions, extent: float, ground_z: float
) -> StillLook | None:
    """Swap the still variants in for the table's shaders under ``root`` (a stage with its lights)
    and give them the building: ``card`` (its model, the frame ``boxes`` are in), ``boxes`` a list
    of (x, y, z, half side) of each die in card space, in the order of the dice under ``card``
    tagged ``still_index``; ``extent`` the key light's shadow radius (cm), ``ground_z`` the card's
    top. None when shaders are off, nothing is asked for, or the variants cannot be built (said
    once on stderr: the picture is then drawn as before)."""
    if not options.shading or not shaders.shaders_enabled():
        return None
    try:
        on = features(options)
        programs = {
            k: still_program(name, flags + on) for k, (name, flags) in _table_programs().items()
        }
    except StillsUnavailable as e:
        print(f"blueprints3d: still picture drawn without its extra shading ({e})", file=sys.stderr)
        return None
    look = StillLook(root=root, card=card, options=options, extent=extent)
    for node in [root, *root.find_all_matches("**")]:
        shader = node.get_shader()
        if shader is not None and shader in programs:
            look.swapped.append((node, shader))
            # Same priority as the table's: the refraction camera's cheap tag states still win.
            node.set_shader(programs[shader])
    boxes = list(boxes)[:MAX_BOXES]
    pta = PTA_LVecBase4f.empty_array(MAX_BOXES)
    for i, b in enumerate(boxes):
        pta[i] = UnalignedLVecBase4f(*b)
    p = PRIORITY
    root.set_shader_input("still_boxes", pta, priority=p)
    root.set_shader_input(
        "still_box_count", float(len(boxes)) if options.contact else 0.0, priority=p
    )
    root.set_shader_input("still_self", -1.0)  # dice set their own below
    root.set_shader_input("still_ground_z", float(ground_z), priority=p)
    root.set_shader_input(
        "still_contact_reach", options.contact_reach if options.contact else 0.0, priority=p
    )
    root.set_shader_input("still_contact_strength", float(options.contact_strength), priority=p)
    film = 2.2 * extent  # lighting.setup_lighting's shadow film
    radius = options.shadow_softness / film if options.soft_shadows else 0.0
    root.set_shader_input("still_shadow_radius", float(radius), priority=p)
    # The light's depth covers 8 extents (near -4, far 4): a receiver tilted 45 degrees to the
    # light changes by the radius's length over the disc.
    root.set_shader_input(
        "still_shadow_bias",
        float(options.shadow_softness / (8 * extent)) if radius else 0.0,
        priority=p,
    )
    root.set_shader_input("still_env", room_texture(), priority=p)
    lo, hi, ao = contact_map(boxes, ground_z, options)
    root.set_shader_input("still_contact_map", _map_texture(ao), priority=p)
    root.set_shader_input(
        "still_contact_rect",
        (lo[0], lo[1], 1.0 / (hi[0] - lo[0]), 1.0 / (hi[1] - lo[1])),
        priority=p,
    )
    for die in card.find_all_matches("**/=still_index"):
        die.set_shader_input("still_self", float(die.get_tag("still_index")), priority=p)
    look.update()
    return look


def contact_map(boxes, ground_z: float, options: StillOptions, texels: int = 512):
    """The contact darkening of the card's top (z = ``ground_z``, facing up) round ``boxes``, as
    the die shaders work it out per pixel, baked for the flat surfaces: ((x0, y0), (x1, y1)) the
    card-space rectangle it covers and a (texels, texels) float map in 0..1, row 0 at y0
    (1: no darkening; outside the rectangle there is none)."""
    reach = options.contact_reach
    if not boxes:
        return (-1.0, -1.0), (1.0, 1.0), np.ones((2, 2), np.float32)
    b = np.asarray(boxes, np.float64)
    half = np.abs(b[:, 3])
    lo = (b[:, :2] - half[:, None]).min(axis=0) - reach
    hi = (b[:, :2] + half[:, None]).max(axis=0) + reach
    ys = lo[1] + (np.arange(texels) + 0.5) / texels * (hi[1] - lo[1])
    xs = lo[0] + (np.arange(texels) + 0.5) / texels * (hi[0] - lo[0])
    px, py = np.meshgrid(xs, ys)
    ao = np.ones_like(px)
    for cx, cy, cz, w in b:
        hs = abs(w)
        k = 0.4 if w < 0 else 1.0
        dx, dy, dz = px - cx, py - cy, ground_z - cz
        if w < 0:  # under glass: what lies there shows through it, undarkened
            under = np.maximum(np.abs(dx), np.abs(dy)) < hs
        qx = np.maximum(np.abs(dx) - hs, 0.0)
        qy = np.maximum(np.abs(dy) - hs, 0.0)
        qz = max(abs(dz) - hs, 0.0)
        dist = np.sqrt(qx * qx + qy * qy + qz * qz)
        to_z = (cz + np.clip(dz, -hs, hs)) - ground_z
        facing = np.where(
            dist > 1e-4, np.clip(0.5 + 0.5 * to_z / np.maximum(dist, 1e-4), 0.0, 1.0), 0.5
        )
        t = np.clip(dist / reach, 0.0, 1.0)
        f = 1.0 - t * t * (3.0 - 2.0 * t)
        dark = 1.0 - k * options.contact_strength * f * f * facing
        if w < 0:
            dark = np.where(under, 1.0, dark)
        ao *= np.where(dist < reach, dark, 1.0)
    return (float(lo[0]), float(lo[1])), (float(hi[0]), float(hi[1])), ao.astype(np.float32)


def _map_texture(ao: np.ndarray) -> Texture:
    h, w = ao.shape
    tex = Texture("still-contact")
    tex.setup_2d_texture(w, h, Texture.T_unsigned_byte, Texture.F_luminance)
    tex.set_ram_image(
        np.ascontiguousarray((np.clip(ao, 0, 1) * 255 + 0.5).astype(np.uint8)).tobytes()
    )
    tex.set_wrap_u(SamplerState.WM_border_color)
    tex.set_wrap_v(SamplerState.WM_border_color)
    tex.set_border_color((1, 1, 1, 1))
    tex.set_minfilter(SamplerState.FT_linear)
    tex.set_magfilter(SamplerState.FT_linear)
    return tex


# -- smooth edges: a multisampled offscreen view ----------------------------------------------------


@dataclass
class StillView(View):
    """An offscreen view whose picture (and depth, with ``depth``) come back through textures,
    resolved from its multisamples."""

    colour: Texture
    depth: Texture | None = None
    multisamples: int = 0

    def grab(self) -> np.ndarray:
        tex = self.colour
        data = ram_array(tex.get_ram_image_as("RGB"), np.uint8)
        img = data.reshape(tex.get_y_size(), tex.get_x_size(), 3)
        return np.ascontiguousarray(img[::-1])

    def grab_depth(self) -> np.ndarray:
        """The depth buffer, (h, w) floats in 0..1, top row first."""
        tex = self.depth
        if tex is None:
            raise ValueError("this view was made without a depth texture")
        raw = tex.get_ram_image()
        data: np.ndarray
        if tex.get_component_type() == Texture.T_float:
            data = ram_array(raw, np.float32)
        elif tex.get_component_type() == Texture.T_unsigned_int_24_8:
            data = (ram_array(raw, np.uint32) >> 8).astype(np.float64) / float(2**24 - 1)
        elif tex.get_component_type() == Texture.T_unsigned_short:
            data = ram_array(raw, np.uint16) / 65535.0
        else:
            data = ram_array(raw, np.uint32) / float(2**32 - 1)
        n = tex.get_x_size() * tex.get_y_size()
        data = data[: n * (data.size // n)].reshape(tex.get_y_size(), tex.get_x_size(), -1)[..., 0]
        return np.ascontiguousarray(data[::-1])


def window_size(width: int, height: int) -> WindowProperties:
    """Window properties that ask for this size and nothing else."""
    props = WindowProperties()
    props.set_size(width, height)
    return props


def open_still_view(
    base, width: int, height: int, multisamples: int = 4, depth: bool = False, name: str = "still"
) -> StillView:
    """An offscreen buffer of ``width`` x ``height`` drawn with ``multisamples`` samples a pixel
    (the most the GL gives up to that; 0: none), its own camera, and its picture (and depth)
    copied back after each frame."""
    last = None
    for ms in sorted({multisamples, 4, 2, 0} & set(range(0, multisamples + 1)), reverse=True):
        fbp = FrameBufferProperties()
        fbp.set_rgb_color(True)
        fbp.set_rgba_bits(8, 8, 8, 8)
        fbp.set_depth_bits(24)
        fbp.set_multisamples(ms)
        buf = base.graphicsEngine.make_output(
            base.pipe,
            name,
            -20,
            fbp,
            window_size(width, height),
            GraphicsPipe.BF_refuse_window,
            base.win.get_gsg(),
            base.win,
        )
        if buf is None:
            continue
        colour = Texture(f"{name}-colour")
        buf.add_render_texture(colour, GraphicsOutput.RTM_copy_ram)
        depth_tex = None
        if depth:
            depth_tex = Texture(f"{name}-depth")
            depth_tex.set_format(Texture.F_depth_component)
            buf.add_render_texture(depth_tex, GraphicsOutput.RTM_copy_ram, GraphicsOutput.RTP_depth)
        cam = base.make_camera(buf)
        cam.node().get_lens().set_aspect_ratio(width / height)
        return StillView(
            output=buf,
            cam=cam,
            colour=colour,
            depth=depth_tex,
            multisamples=buf.get_fb_properties().get_multisamples(),
        )
    raise RuntimeError(f"could not open a {width}x{height} offscreen buffer{last or ''}")


def downsample(img: np.ndarray, factor: int, size: tuple[int, int]) -> np.ndarray:
    """Average ``factor`` x ``factor`` blocks: (h*f, w*f, 3) -> (h, w, 3) uint8."""
    if factor == 1:
        return img
    w, h = size
    blocks = img[: h * factor, : w * factor].reshape(h, factor, w, factor, 3).astype(np.float32)
    return (blocks.mean(axis=(1, 3)) + 0.5).astype(np.uint8)


def use_multisamples(root: NodePath) -> None:
    """Draw ``root`` with the buffer's multisamples (Panda3D leaves them off unless asked)."""
    root.set_antialias(AntialiasAttrib.M_multisample)


def render_still(base, view: View, frames: int = 3) -> None:
    """Draw ``frames`` frames of ``view``, the last one whole: a new scene needs a few frames
    before its shadow map and glass picture are ready (``capture.render_frames``), so the ones
    before draw only a corner of the picture (and of the glass picture), at a sliver of the cost."""
    engine = base.graphicsEngine
    regions = []
    for i in range(engine.get_num_windows()):
        win = engine.get_window(i)
        if win == view.output or win.get_name() == "refraction":
            for dr in win.get_display_regions():
                regions.append((dr, dr.get_dimensions()))
    try:
        for dr, _ in regions:
            dr.set_dimensions(0.0, 1.0 / 64, 0.0, 1.0 / 64)
        for _ in range(frames - 1):
            engine.render_frame()
    finally:
        for dr, dims in regions:
            dr.set_dimensions(dims)
    engine.render_frame()


# -- depth of field -----------------------------------------------------------------------------------

COC_SCALE = 0.03  # blur radius (share of the picture's height) per unit of |1 - focus / depth|
MAX_COC = 0.025  # the largest blur, as a share of the picture's height, at strength 1


def linear_depth(d: np.ndarray, near: float, far: float) -> np.ndarray:
    """Distance along the view (cm) from a perspective depth buffer's 0..1 values."""
    d = np.clip(d.astype(np.float32), 0.0, 1.0)
    return near * far / (far - d * (far - near))


def _box_blur(img: np.ndarray, r: int, axis: int) -> np.ndarray:
    """Mean over 2r+1 pixels along ``axis`` (edges repeated), by a running sum."""
    if r <= 0:
        return img
    n = img.shape[axis]
    if r <= 4:  # a few shifted adds beat a running sum along a strided axis
        pad = [(0, 0)] * img.ndim
        pad[axis] = (r, r)
        p = np.pad(img, pad, mode="edge")
        out = np.zeros(img.shape, np.float32)
        for i in range(2 * r + 1):
            sl = [slice(None)] * img.ndim
            sl[axis] = slice(i, i + n)
            out += p[tuple(sl)]
        out *= 1.0 / (2 * r + 1)
        return out
    pad = [(0, 0)] * img.ndim
    pad[axis] = (r + 1, r)
    c = np.cumsum(np.pad(img, pad, mode="edge"), axis=axis, dtype=np.float32)
    hi = [slice(None)] * img.ndim
    lo = [slice(None)] * img.ndim
    hi[axis] = slice(2 * r + 1, 2 * r + 1 + n)
    lo[axis] = slice(0, n)
    out = c[tuple(hi)] - c[tuple(lo)]
    out *= 1.0 / (2 * r + 1)
    return out


def blur(img: np.ndarray, radius: float) -> np.ndarray:
    """A soft blur of about ``radius`` pixels (two box passes each way: a tent). Wide ones are
    done at a quarter or less of the pixels and scaled back up, which looks the same."""
    img = img.astype(np.float32)
    s = 1
    while radius / s > 4 and img.shape[0] // (2 * s) >= 8 and img.shape[1] // (2 * s) >= 8:
        s *= 2
    h, w = img.shape[:2]
    small = img
    if s > 1:
        hh, ww = h // s, w // s
        small = img[: hh * s, : ww * s].reshape(hh, s, ww, s, -1).mean(axis=(1, 3))
    r = max(1, int(round(radius / s / 1.2)))
    for _ in range(2):
        small = _box_blur(_box_blur(small, r, 0), r, 1)
    if s == 1:
        return small
    return _upscale(small, s, h, w)


def _upscale(small: np.ndarray, s: int, h: int, w: int) -> np.ndarray:
    """Bilinear scale-up of ``small`` by ``s`` to (h, w): rows, then columns."""
    hh, ww = small.shape[:2]
    ys = np.clip((np.arange(h) + 0.5) / s - 0.5, 0, hh - 1)
    xs = np.clip((np.arange(w) + 0.5) / s - 0.5, 0, ww - 1)
    y0 = np.floor(ys).astype(int)
    x0 = np.floor(xs).astype(int)
    y1 = np.minimum(y0 + 1, hh - 1)
    x1 = np.minimum(x0 + 1, ww - 1)
    fy = (ys - y0).astype(np.float32)[:, None, None]
    fx = (xs - x0).astype(np.float32)[None, :, None]
    rows = small[y0] * (1 - fy) + small[y1] * fy
    return rows[:, x0] * (1 - fx) + rows[:, x1] * fx


def circle_of_confusion(
    depth: np.ndarray, focus: float, strength: float, height: int
) -> np.ndarray:
    """Blur radius in pixels of each pixel at ``depth`` (cm), a lens focused at ``focus`` cm."""
    coc = strength * COC_SCALE * height * np.abs(1.0 - focus / np.maximum(depth, 1e-3))
    return np.minimum(coc, strength * MAX_COC * height)


def depth_of_field(img: np.ndarray, depth: np.ndarray, focus: float, strength: float) -> np.ndarray:
    """``img`` (h, w, 3 uint8) blurred per pixel by its circle of confusion (``depth``: (h, w) cm
    along the view): sharp at ``focus``, softer nearer and farther. The picture is blurred at a
    few radii and each pixel mixes the two nearest its own."""
    if strength <= 0:
        return img
    h = img.shape[0]
    coc = circle_of_confusion(depth, focus, strength, h)
    top = float(coc.max())
    radii = [0.0]
    r = 1.0
    while radii[-1] < top:
        radii.append(r)
        r *= 2.0
    src = img.astype(np.float32)
    levels = [src]
    for rr in radii[1:]:
        # Pixels sharper than this level hardly spread into it: a blurred table beside a sharp
        # card takes its colour from the table round it, not from the card (no bright halo).
        w = np.clip(coc / rr, 0.02, 1.0).astype(np.float32)[..., None] ** 2
        b = blur(np.concatenate([src * w, w], axis=2), rr)
        levels.append(b[..., :3] / np.maximum(b[..., 3:], 1e-4))
    # Each pixel mixes the two levels whose radii bracket its own (hat weights summing to 1).
    out = np.zeros_like(src)
    rad = np.asarray(radii, np.float32)
    for k, level in enumerate(levels):
        left = rad[k] - rad[k - 1] if k > 0 else 1.0
        right = rad[k + 1] - rad[k] if k + 1 < len(rad) else 1.0
        d = coc.astype(np.float32) - rad[k]
        wk = np.where(d < 0, 1.0 + d / left, 1.0 - d / right)
        if k == 0:
            wk = np.where(d <= 0, 1.0, wk)
        if k == len(rad) - 1:
            wk = np.where(d >= 0, 1.0, wk)
        wk = np.clip(wk, 0.0, 1.0)
        if wk.any():
            out += level * wk[..., None]
    return np.clip(out + 0.5, 0, 255).astype(np.uint8)
