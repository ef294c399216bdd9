#version 330
// Flat things: card paper (SURF_PAPER), table top (SURF_TABLE), the table's felt (SURF_FELT),
// player screens (SURF_SCREEN).
// Lighting comes per vertex from flat.vert; only the texture and the key light's shadow are
// per pixel (these surfaces cover most of the screen, see flat.vert).

uniform struct p3d_LightSourceParameters {
    vec4 color;
    vec4 position;
    sampler2DShadow shadowMap;
    mat4 shadowViewMatrix;
} p3d_LightSource[2];

uniform sampler2D p3d_Texture0;   // paper: the printed card face
uniform sampler2D surface_tex;    // paper: fibre detail; table: planks; screen: board
uniform vec4 highlight;

flat in vec3 v_key;
flat in vec3 v_rest;
flat in float v_rim;
in vec3 v_shadow;
in vec2 v_uv;
in vec2 v_uv2;
flat in vec3 v_tint;

out vec4 o_color;

#if defined(SURF_FELT)
// materials.py: x 1 / the felt's radius, y its shadows' softness (both for flat.vert), z the
// felt's brightness at its edge, w under the lamp, at its centre.
uniform vec4 felt_light;
flat in float v_reach;   // the softness in shadow-map units

// The shadows on the felt, soft as in the stills: three of the hardware's 2x2 lookups on a small
// triangle, twelve texels blended, where the card paper takes one. (Four on a square cost the
// frame 1.4% more for no softness one can see.)
float felt_shadow(vec3 c) {
    vec2 a = vec2(0.0, v_reach);
    vec2 b = vec2(0.866 * v_reach, -0.5 * v_reach);
    vec2 e = vec2(-b.x, b.y);
    return (texture(p3d_LightSource[0].shadowMap, vec3(c.xy + a, c.z))
            + texture(p3d_LightSource[0].shadowMap, vec3(c.xy + b, c.z))
            + texture(p3d_LightSource[0].shadowMap, vec3(c.xy + e, c.z))) / 3.0;
}
#endif

void main() {
    vec3 albedo;
#if defined(SURF_PAPER)
    float fibre = texture(surface_tex, v_uv2).r;
    albedo = texture(p3d_Texture0, v_uv).rgb * (0.9 + 0.2 * fibre);
#elif defined(SURF_SCREEN)
    // The board's grain in the seat's colour (white geometry keeps the board's own blue).
    vec3 board = texture(surface_tex, v_uv).rgb;
    albedo = all(greaterThan(v_tint, vec3(0.99))) ? board
             : v_tint * (dot(board, vec3(0.3, 0.59, 0.11)) / 0.24);
#elif defined(SURF_FELT)
    // The cloth's colour in the lamp's pool of light: brightest over the middle of the table,
    // darker towards the rim. (Its nap, a texture fetch, is left to the plain path: noise of a
    // grey level or two at the table's distance, for 4% of the frame on a software renderer.)
    float pool = mix(felt_light.w, felt_light.z, smoothstep(0.15, 1.0, length(v_uv2)));
    albedo = v_tint * pool;
#else
    albedo = texture(surface_tex, v_uv).rgb;   // table planks
#endif
#if defined(SURF_FELT) && defined(FELT_SHADOWS)
    float shadow = felt_shadow(v_shadow);
#elif defined(SURF_FELT)
    // A shadow lookup over the whole felt costs a quarter of the frame on a software renderer:
    // the felt is drawn lit, and its patches round what casts a shadow (FELT_SHADOWS, the same
    // felt over it: felt_shadows.py) look the shadows up.
    float shadow = 1.0;
#else
    // One lookup: the shadow map's hardware comparison already blends 2x2 texels.
    float shadow = texture(p3d_LightSource[0].shadowMap, v_shadow);
#endif
    vec3 col = albedo * (v_rest + v_key * shadow);
    col += highlight.rgb * highlight.a * (0.45 + 0.9 * v_rim * v_rim);
    o_color = vec4(col, 1.0);
}
