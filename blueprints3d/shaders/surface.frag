#version 330
// Flat things: card paper (SURF_PAPER), table top (SURF_TABLE), player screens (SURF_SCREEN).
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
#else
    albedo = texture(surface_tex, v_uv).rgb;   // table planks
#endif
    // One lookup: the shadow map's hardware comparison already blends 2x2 texels.
    float shadow = texture(p3d_LightSource[0].shadowMap, v_shadow);
    vec3 col = albedo * (v_rest + v_key * shadow);
    col += highlight.rgb * highlight.a * (0.45 + 0.9 * v_rim * v_rim);
    o_color = vec4(col, 1.0);
}
