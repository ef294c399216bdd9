#version 330
// Vertex shader of the big flat things (table top, its felt, card paper, screens). They fill most
// of the screen, so everything that is linear across a face is done here, per vertex: the lights
// (directional, on a flat face they are constant) and the key light's shadow-map coordinates
// (an orthographic light: an affine map, exact when interpolated). The fragment shader is left
// with two texture fetches and a shadow lookup, close to the fixed-function path's cost.

uniform struct p3d_LightSourceParameters {
    vec4 color;
    vec4 position;
    sampler2DShadow shadowMap;
    mat4 shadowViewMatrix;
} p3d_LightSource[2];

uniform struct p3d_LightModelParameters {
    vec4 ambient;
} p3d_LightModel;

uniform mat4 p3d_ModelViewProjectionMatrix;
uniform mat4 p3d_ModelViewMatrix;
uniform mat3 p3d_NormalMatrix;
uniform mat4 p3d_ModelMatrix;
uniform float surface_scale;     // cm covered by one repeat of surface_tex
#if defined(SURF_FELT)
uniform vec4 felt_light;         // x: 1 / the felt's radius, y: its shadows' softness (cm)
flat out float v_reach;          // that softness in shadow-map units
#endif

in vec4 p3d_Vertex;
in vec3 p3d_Normal;
in vec2 p3d_MultiTexCoord0;
in vec4 p3d_Color;               // screens: the seat's colour tints the board

// Constant across each flat face, so not interpolated at all ("flat": fewer per-pixel
// inputs, which is most of a software renderer's cost on screen-filling surfaces).
flat out vec3 v_key;     // key light's diffuse (shadowed in the fragment shader)
flat out vec3 v_rest;    // ambient and fill: never shadowed
flat out float v_rim;    // for the highlight glow
out vec3 v_shadow;       // shadow-map coordinates of the key light (orthographic: w = 1)
out vec2 v_uv;           // paper: the card face; table and screens: surface_tex coordinates
out vec2 v_uv2;          // paper: the fibre detail; felt: where on the felt (1 at its edge)
flat out vec3 v_tint;    // screens: the seat's colour

void main() {
    vec4 view = p3d_ModelViewMatrix * p3d_Vertex;
    vec3 n = normalize(p3d_NormalMatrix * p3d_Normal);
    v_rest = p3d_LightModel.ambient.rgb;
    v_key = vec3(0.0);
    for (int i = 0; i < 2; ++i) {
        if (dot(p3d_LightSource[i].color.rgb, vec3(1.0)) <= 0.0) continue;
        float ndl = max(dot(n, normalize(p3d_LightSource[i].position.xyz)), 0.0);
        if (i == 0) v_key = p3d_LightSource[i].color.rgb * ndl;
        else v_rest += p3d_LightSource[i].color.rgb * ndl;
    }
    // Offset along the normal against shadow acne, as in common.glsl.
    vec4 sc = p3d_LightSource[0].shadowViewMatrix * vec4(view.xyz + n * 0.04, 1.0);
    v_shadow = sc.xyz / sc.w;
    vec3 world = (p3d_ModelMatrix * p3d_Vertex).xyz;
#if defined(SURF_PAPER)
    v_uv = p3d_MultiTexCoord0;
    v_uv2 = world.xy / surface_scale;
#elif defined(SURF_TABLE)
    v_uv = world.xy / surface_scale;
    v_uv2 = vec2(0.0);
#elif defined(SURF_FELT)
    // Where on the table (the felt lies on it, centred): its patches in felt_shadows.py draw
    // the same felt.
    v_uv = vec2(0.0);
    v_uv2 = world.xy * felt_light.x;
    // The light is orthographic: a cm in view space is the same length on its map anywhere,
    // the length of the map's row (whatever film the table's lighting gave the key light).
    mat4 m = p3d_LightSource[0].shadowViewMatrix;
    v_reach = felt_light.y * length(vec3(m[0][0], m[1][0], m[2][0]));
#else
    // Screens stand upright: project the board texture along the face's main axis.
    vec3 an = abs(p3d_Normal);
    vec3 o = p3d_Vertex.xyz;
    v_uv = (an.x > max(an.y, an.z) ? o.yz : (an.y > an.z ? o.xz : o.xy)) / surface_scale;
    v_uv2 = vec2(0.0);
#endif
    v_tint = p3d_Color.rgb;
    v_rim = 1.0 - max(dot(n, normalize(-view.xyz)), 0.0);
    gl_Position = p3d_ModelViewProjectionMatrix * p3d_Vertex;
}
