#version 330
// Dice. One program per material (MAT_WOOD, MAT_RECYCLED, MAT_STONE, MAT_GLASS), chosen by
// the loader's #define. Grain and flecks are 3D noise in the die's own space, so they run on
// continuously across faces and edges and stay put while the die moves.

#pragma include "common.glsl"

uniform vec4 base_colour;      // the material's colour, slightly varied per die
uniform vec4 pip_colour;       // colour at the bottom of a pip
uniform float seed;            // per die: shifts the noise so no two dice look alike
uniform sampler2D pip_atlas;   // alpha: 1 inside a pip (six tiles, one per face value)
#ifdef MAT_GLASS
uniform sampler2D refraction_tex;  // the opaque scene without glass (see refraction.py)
uniform float refraction_on;       // 0 when there is no such picture: plain blending
#endif

in vec3 v_view_pos;
in vec3 v_view_normal;
in vec3 v_view_tangent;
in vec3 v_obj_pos;
in vec3 v_obj_normal;
in vec3 v_world_pos;
in vec2 v_uv;
in vec4 v_clip;

out vec4 o_color;

const vec2 ATLAS_TEXEL = vec2(1.0 / 768.0, 1.0 / 128.0);

// The pip mask and a normal tilted down its walls, so pips look cut into the surface.
float engraved(inout vec3 n) {
    float m = texture(pip_atlas, v_uv).a;
    float mx = texture(pip_atlas, v_uv + vec2(2.0 * ATLAS_TEXEL.x, 0.0)).a
             - texture(pip_atlas, v_uv - vec2(2.0 * ATLAS_TEXEL.x, 0.0)).a;
    float my = texture(pip_atlas, v_uv + vec2(0.0, 2.0 * ATLAS_TEXEL.y)).a
             - texture(pip_atlas, v_uv - vec2(0.0, 2.0 * ATLAS_TEXEL.y)).a;
    vec3 t = v_view_tangent - n * dot(n, v_view_tangent);
    // Geometry without tangents (not our dice) still gets a valid frame instead of NaNs.
    if (dot(t, t) < 1e-8) t = abs(n.x) < 0.9 ? cross(n, vec3(1.0, 0.0, 0.0)) : cross(n, vec3(0.0, 1.0, 0.0));
    vec3 t1 = normalize(t);
    vec3 t2 = cross(n, t1);
    n = normalize(n + 0.9 * (mx * t1 + my * t2));
    return m;
}

vec3 environment(vec3 r) {
    // A soft room: bright above (the lamp and ceiling), darker towards the floor.
    float up = r.y * 0.5 + 0.5;
    return mix(vec3(0.10, 0.09, 0.08), vec3(0.95, 0.93, 0.88), smoothstep(0.25, 0.95, up));
}

void main() {
    vec3 n = normalize(v_view_normal);
    if (!gl_FrontFacing) n = -n;
    float pip = engraved(n);
    vec3 v = normalize(-v_view_pos);
    float ndv = max(dot(n, v), 0.0);
    float fresnel = 0.04 + 0.96 * pow(1.0 - ndv, 5.0);
    vec3 p = v_obj_pos + vec3(seed * 7.31, seed * 3.17, seed * 5.23);
    vec3 albedo = base_colour.rgb;
    float shininess = 16.0;
    float spec_strength = 0.1;
    float reflectivity = 0.0;

#if defined(MAT_WOOD)
    // Growth rings around a tilted axis, wobbled by noise; fine fibres along the axis.
    float tilt = 0.35 + 0.3 * fract(seed * 0.618);
    vec3 q = vec3(p.x, p.y * cos(tilt) - p.z * sin(tilt), p.y * sin(tilt) + p.z * cos(tilt));
    float r = length(q.xz + vec2(2.3, 1.1)) * 3.2 + 0.9 * vnoise(p * 1.6);
    float ring = pow(0.5 + 0.5 * sin(r * 6.2831853), 3.0);
    float fibre = vnoise(vec3(q.x * 24.0, q.y * 1.5, q.z * 24.0));
    vec3 dark = albedo * vec3(0.66, 0.46, 0.34);
    albedo = mix(albedo, dark, clamp(ring * 0.6 + fibre * 0.25, 0.0, 1.0));
    shininess = 56.0;      // semi-gloss varnish
    spec_strength = 0.3;
    reflectivity = 0.35;
#elif defined(MAT_STONE)
    // Granite: a mottled near-black ground, grey feldspar grains of mixed size and a few
    // small pale quartz flecks; the per-die seed shifts all of it.
    float mottle = vnoise(p * 3.5);
    albedo *= 0.7 + 0.6 * mottle;
    float grain = vnoise(p * 14.0) * 0.65 + vnoise(p * 31.0 + 5.0) * 0.35;
    albedo = mix(albedo, vec3(0.30, 0.29, 0.28), smoothstep(0.6, 0.7, grain) * 0.8);
    float mica = smoothstep(0.86, 0.9, vnoise(p * 38.0 + 11.0));
    albedo = mix(albedo, vec3(0.62, 0.61, 0.58), mica * 0.8);
    shininess = 12.0;      // matte
    spec_strength = 0.06 + 0.5 * mica;
    reflectivity = 0.05;
#elif defined(MAT_RECYCLED)
    // Recycled plastic: green with softly mottled tone and coloured flecks of other plastics.
    albedo *= 0.88 + 0.24 * vnoise(p * 5.0);
    vec3 cell = floor(p * 11.0);
    vec3 local = fract(p * 11.0);
    float h = hash13(cell + seed);
    vec3 centre = 0.3 + 0.4 * vec3(hash13(cell + 1.7), hash13(cell + 4.3), hash13(cell + 9.1));
    float fleck = (h > 0.55) ? 1.0 - smoothstep(0.13, 0.19, length(local - centre)) : 0.0;
    float pick = fract(h * 13.7);
    vec3 fleck_colour = pick < 0.25 ? vec3(0.92, 0.92, 0.86)
                      : pick < 0.5 ? vec3(0.15, 0.35, 0.85)
                      : pick < 0.75 ? vec3(0.95, 0.80, 0.15) : vec3(0.85, 0.20, 0.15);
    albedo = mix(albedo, fleck_colour, fleck * 0.9);
    shininess = 18.0;      // low gloss
    spec_strength = 0.12;
    reflectivity = 0.08;
#endif

    vec3 diffuse, specular;
#if defined(MAT_GLASS)
    light_surface(v_view_pos, n, 220.0, diffuse, specular);
    // What lies behind, bent by the surface: sample the opaque picture off by the normal.
    vec2 screen = v_clip.xy / v_clip.w * 0.5 + 0.5;
    vec2 bent = screen - n.xy * (0.045 * (1.0 - 0.5 * ndv));
    vec3 behind = texture(refraction_tex, clamp(bent, 0.001, 0.999)).rgb;
    vec3 tint = base_colour.rgb;
    // Thicker glass at grazing angles and on the rounded rims: deeper tint there.
    vec3 body = behind * mix(tint, tint * tint * 0.8, 1.0 - ndv);
    vec3 lit = tint * (0.35 + 0.25 * diffuse);
    vec3 col = mix(body, lit, 0.18);
    col = mix(col, environment(reflect(-v, n)), fresnel * 0.85) + specular * 1.6;
    // Pips: frosted, darker cuts that catch the light.
    col = mix(col, pip_colour.rgb * (0.5 + 0.6 * diffuse), pip * 0.85);
    // With the refraction picture, glass is drawn (almost) opaque: the picture is what shows
    // through. Without it, blending with the framebuffer lets the scene show through instead.
    float alpha_plain = clamp(base_colour.a + fresnel * 0.6 + pip * 0.5, 0.0, 1.0);
    vec3 plain = mix(tint * (0.45 + 0.35 * diffuse), environment(reflect(-v, n)), fresnel * 0.85) + specular * 1.6;
    plain = mix(plain, pip_colour.rgb * (0.5 + 0.6 * diffuse), pip * 0.85);
    float on = refraction_on;
    col = mix(plain, col, on);
    float alpha = mix(alpha_plain, clamp(0.88 + fresnel + pip, 0.0, 1.0), on);
    col += highlight_glow(n, v_view_pos);
    o_color = vec4(col, alpha);
#else
    light_surface(v_view_pos, n, shininess, diffuse, specular);
    // Pip floors: the pip colour, a little darker still where the walls shade them.
    albedo = mix(albedo, pip_colour.rgb, pip);
    float cavity = 1.0 - 0.35 * pip;
    vec3 col = albedo * diffuse * cavity + specular * spec_strength * (1.0 - 0.7 * pip);
    col = mix(col, environment(reflect(-v, n)) * albedo * 0.5 + environment(reflect(-v, n)) * 0.5,
              fresnel * reflectivity);
    col += highlight_glow(n, v_view_pos);
    o_color = vec4(col, 1.0);
#endif
}
