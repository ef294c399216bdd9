// Shared lighting and noise for the scene shaders (included by die.frag and surface.frag).

#ifndef NUM_LIGHTS
#define NUM_LIGHTS 2   // the key and the fill; ambient comes through p3d_LightModel
#endif

uniform struct p3d_LightSourceParameters {
    vec4 color;
    vec4 position;            // directional lights: w = 0, xyz = direction towards the light (view space)
    sampler2DShadow shadowMap;
    mat4 shadowViewMatrix;    // view space -> biased shadow-map coordinates
} p3d_LightSource[NUM_LIGHTS];

uniform struct p3d_LightModelParameters {
    vec4 ambient;
} p3d_LightModel;

uniform vec4 highlight;       // rgb glow, a = strength (0 = none); set by materials.set_highlight

#ifndef SHADOW_TAPS
#define SHADOW_TAPS 5      // dice: a small PCF disc; big surfaces use 1 (hardware 2x2 PCF)
#endif

// Shadow of the key light (slot 0: lighting.py gives it the highest priority, and Panda sorts
// lights by priority). The lookup moves a little along the normal: no acne on lit faces.
float key_shadow(vec3 view_pos, vec3 n_view) {
    vec4 sc = p3d_LightSource[0].shadowViewMatrix * vec4(view_pos + n_view * 0.04, 1.0);
    vec3 c = sc.xyz / sc.w;
    float s = texture(p3d_LightSource[0].shadowMap, c);
#if SHADOW_TAPS > 1
    float texel = 1.0 / float(textureSize(p3d_LightSource[0].shadowMap, 0).x);
    s += texture(p3d_LightSource[0].shadowMap, c + vec3(1.5 * texel, 0.5 * texel, 0.0));
    s += texture(p3d_LightSource[0].shadowMap, c + vec3(-0.5 * texel, 1.5 * texel, 0.0));
    s += texture(p3d_LightSource[0].shadowMap, c + vec3(-1.5 * texel, -0.5 * texel, 0.0));
    s += texture(p3d_LightSource[0].shadowMap, c + vec3(0.5 * texel, -1.5 * texel, 0.0));
    s *= 0.2;
#endif
    return s;
}

// Diffuse and Blinn-Phong specular from every light; only the key light casts shadows (the
// fill and ambient are soft room light), which also keeps the per-pixel cost down.
void light_surface(vec3 view_pos, vec3 n, float shininess, out vec3 diffuse, out vec3 specular) {
    vec3 v = normalize(-view_pos);
    diffuse = p3d_LightModel.ambient.rgb;
    specular = vec3(0.0);
    for (int i = 0; i < NUM_LIGHTS; ++i) {
        // Unused slots (fewer lights on this node) are black: skip before normalising zero.
        if (dot(p3d_LightSource[i].color.rgb, vec3(1.0)) <= 0.0) continue;
        vec3 l = normalize(p3d_LightSource[i].position.xyz);
        float ndl = max(dot(n, l), 0.0);
        if (ndl <= 0.0) continue;
        float sh = i == 0 ? key_shadow(view_pos, n) : 1.0;
        vec3 h = normalize(l + v);
        float spec = pow(max(dot(n, h), 0.0), shininess) * (shininess + 8.0) / 25.0;
        diffuse += p3d_LightSource[i].color.rgb * ndl * sh;
        specular += p3d_LightSource[i].color.rgb * spec * ndl * sh;
    }
}

// Rim light for hover and selection marks: only where the surface turns away from the eye
// (rounded edges, the silhouette), never on a face seen head on, so a marked die keeps its
// material's colour (highlight.py draws the outline round it).
vec3 highlight_glow(vec3 n, vec3 view_pos) {
    float rim = 1.0 - max(dot(n, normalize(-view_pos)), 0.0);
    return highlight.rgb * highlight.a * 1.2 * smoothstep(0.6, 0.95, rim);
}

float hash13(vec3 p) {
    p = fract(p * 0.1031);
    p += dot(p, p.zyx + 31.32);
    return fract((p.x + p.y) * p.z);
}

// Trilinear value noise in [0, 1].
float vnoise(vec3 p) {
    vec3 i = floor(p);
    vec3 f = fract(p);
    f = f * f * (3.0 - 2.0 * f);
    float a = mix(mix(hash13(i), hash13(i + vec3(1, 0, 0)), f.x),
                  mix(hash13(i + vec3(0, 1, 0)), hash13(i + vec3(1, 1, 0)), f.x), f.y);
    float b = mix(mix(hash13(i + vec3(0, 0, 1)), hash13(i + vec3(1, 0, 1)), f.x),
                  mix(hash13(i + vec3(0, 1, 1)), hash13(i + vec3(1, 1, 1)), f.x), f.y);
    return mix(a, b, f.z);
}
