#version 330
// Dice. One program per material (MAT_WOOD, MAT_RECYCLED, MAT_STONE, MAT_GLASS), chosen by
// the loader's #define; CHEAP drops grain, flecks and engraving (for the small refraction
// picture). Grain and flecks are 3D noise in the die's own space, so they run on continuously
// across faces and edges and stay put while the die moves.

// One shadow tap: hardware 2x2 PCF; more taps cost more than the dice are worth on screen.
#define SHADOW_TAPS 1
#pragma include "common.glsl"

uniform vec4 base_colour;      // the material's colour, slightly varied per die
uniform vec4 pip_colour;       // colour at the bottom of a pip
uniform float seed;            // per die: shifts the noise so no two dice look alike
uniform sampler2D pip_atlas;   // alpha: 1 inside a pip (six tiles, one per face value)
#ifdef MAT_GLASS
// How glass shows what lies behind it (materials.py sets the defaults, then set_ground or
// refraction.py raise them): 0 = plain blending; 1 = the ground (table and cards) traced along
// the refracted ray, no extra render pass; 2 = a picture of the scene without glass.
uniform float refraction_mode;
uniform sampler2D refraction_tex;  // mode 2
uniform sampler2D table_tex;       // mode 1: the table top, one repeat per table_scale cm
uniform float table_scale;
uniform float ground_z;            // height of the table top
uniform float die_half;            // half a die's side (units.DIE_SIZE / 2)
uniform float cover_foot;          // 1: the print under the die's own foot is covered (card_or)
uniform float card_count;          // cards lying on the table, up to four (a float: Panda binds it surely)
uniform mat4 card_from_world0;     // world point -> card face (u, v) in [0, 1]
uniform mat4 card_from_world1;
uniform mat4 card_from_world2;
uniform mat4 card_from_world3;
uniform sampler2D card_tex0;
uniform sampler2D card_tex1;
uniform sampler2D card_tex2;
uniform sampler2D card_tex3;
uniform mat4 p3d_ModelMatrix;
in vec3 v_world_dir;               // camera -> point, in world space
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

// The pip mask and a normal tilted down its walls, so pips look cut into the surface. The
// slope comes from screen-space derivatives of the mask (one texture fetch, not five: dice
// are drawn in many small triangles, and a software renderer shades whole 4x4 blocks of each).
float engraved(inout vec3 n) {
    float m = texture(pip_atlas, v_uv).a;
    vec3 dpdx = dFdx(v_view_pos);
    vec3 dpdy = dFdy(v_view_pos);
    vec3 r1 = cross(dpdy, n);
    vec3 r2 = cross(n, dpdx);
    float det = dot(dpdx, r1);
    if (abs(det) > 1e-12) {
        // Surface gradient of the height -m * depth (Mikkelsen's bump mapping without tangents).
        vec3 grad = sign(det) * (dFdx(m) * r1 + dFdy(m) * r2);
        n = normalize(abs(det) * n + grad * 0.05);
    }
    return m;
}

#ifdef MAT_GLASS
// Ground lookups use an explicit level of detail: neighbouring glass pixels can hit the ground
// far apart, and llvmpipe's anisotropic filtering then takes so many probes that one glass die
// cost seconds a frame (measured). A fixed, slightly soft level is right for glass anyway.
const float GROUND_LOD = 1.5;

// Card stock (card_model.PAPER): what a die's foot shows of the card it stands on.
const vec3 PAPER = vec3(0.95, 0.93, 0.87);

// ``foot``: the hit lies under this die's own foot, i.e. on the space it stands on: the printed
// height there is covered (card_model.cover_spaces), so a glass 1 on a "4" never reads as 4.
vec3 card_or(vec3 col, mat4 from_world, sampler2D tex, vec3 hit, bool foot) {
    vec2 uv = (from_world * vec4(hit, 1.0)).xy;
    bool inside = all(greaterThanEqual(uv, vec2(0.0))) && all(lessThanEqual(uv, vec2(1.0)));
    return inside ? (foot ? PAPER : textureLod(tex, uv, GROUND_LOD).rgb) : col;
}

// The table or card seen through the die: follow the view ray, bent once at the surface
// (glass, index 1.5), down to the ground. A ray that leaves through the bottom of a die
// standing on another die sees that die, which is already drawn behind the glass: then
// weight = 0 and plain blending shows it.
vec3 ground_behind(out float weight) {
    vec3 nw = normalize(mat3(p3d_ModelMatrix) * v_obj_normal);
    vec3 i = normalize(v_world_dir);
    // Snell's law, bent at the surface we see (the exit face is ignored: a blurred view of
    // the ground through the block is all a die shows).
    const float eta = 1.0 / 1.5;
    float cosi = clamp(-dot(i, nw), 0.0, 1.0);
    float k = max(1.0 - eta * eta * (1.0 - cosi * cosi), 0.0);
    vec3 r = eta * i + (eta * cosi - sqrt(k)) * nw;
    vec3 d = normalize(mix(i, r, 0.75));
    weight = 0.0;
    if (d.z > -0.05) return vec3(0.0);
    vec3 centre = (p3d_ModelMatrix * vec4(0.0, 0.0, 0.0, 1.0)).xyz;
    if (centre.z > ground_z + 2.2 * die_half) {
        float tb = (centre.z - die_half - v_world_pos.z) / d.z;
        vec3 q = transpose(mat3(p3d_ModelMatrix)) * (v_world_pos + d * tb - centre);
        if (max(abs(q.x), max(abs(q.y), abs(q.z))) < die_half * 1.02) return vec3(0.0);
    }
    vec3 hit = v_world_pos + d * ((ground_z - v_world_pos.z) / d.z);
    vec3 col = textureLod(table_tex, hit.xy / table_scale, GROUND_LOD + 1.0).rgb;
    // The hit's offset across the table, in the die's own axes (the value turns them: any of
    // them may stand upright, and that one then reads ~0).
    vec3 under = abs(transpose(mat3(p3d_ModelMatrix)) * vec3(hit.xy - centre.xy, 0.0));
    bool foot = cover_foot > 0.5 && max(under.x, max(under.y, under.z)) < die_half * 1.08;
    if (card_count > 0.5) col = card_or(col, card_from_world0, card_tex0, hit, foot);
    if (card_count > 1.5) col = card_or(col, card_from_world1, card_tex1, hit, foot);
    if (card_count > 2.5) col = card_or(col, card_from_world2, card_tex2, hit, foot);
    if (card_count > 3.5) col = card_or(col, card_from_world3, card_tex3, hit, foot);
    weight = 0.75;
    // Lit roughly as the table is: the ground under a die gets ambient and most of the key.
    return col * 0.9;
}
#endif

vec3 environment(vec3 r) {
    // A soft room: bright above (the lamp and ceiling), darker towards the floor.
    float up = r.y * 0.5 + 0.5;
    return mix(vec3(0.10, 0.09, 0.08), vec3(0.95, 0.93, 0.88), smoothstep(0.25, 0.95, up));
}

void main() {
    vec3 n = normalize(v_view_normal);
    if (!gl_FrontFacing) n = -n;
#ifdef CHEAP
    float pip = texture(pip_atlas, v_uv).a;   // seen only blurred, through glass
#else
    float pip = engraved(n);
#endif
    vec3 v = normalize(-v_view_pos);
    float ndv = max(dot(n, v), 0.0);
    float fresnel = 0.04 + 0.96 * pow(1.0 - ndv, 5.0);
    vec3 p = v_obj_pos + vec3(seed * 7.31, seed * 3.17, seed * 5.23);
    vec3 albedo = base_colour.rgb;
    float shininess = 16.0;
    float spec_strength = 0.1;
    float reflectivity = 0.0;

    // Surface detail fades out where a pixel covers more than about half a millimetre of die:
    // smaller than a pixel it would only sparkle, and skipping the noise for far dice (the
    // whole quad agrees, so the branch is really skipped) keeps a full table cheap.
    float detail = clamp(2.0 - length(fwidth(v_obj_pos)) * 40.0, 0.0, 1.0);
#if defined(CHEAP)
    detail = 0.0;   // the refraction picture: flat colours are all that shows through glass
#endif
#if defined(MAT_WOOD)
    shininess = 56.0;      // semi-gloss varnish
    spec_strength = 0.3;
    reflectivity = 0.35;
    // Pale late wood between darker rings, lighter than the base colour so that the grain
    // leaves wood light on its shaded sides too: lightness is what keeps wood apart from
    // recycled for colour-blind eyes (benchmarks/colour_blind.py). The far tone is the grain's
    // measured median, so wood keeps its lightness when it is too small for grain to show.
    vec3 light = albedo * 1.4;
    vec3 dark = light * vec3(0.66, 0.46, 0.34);
    vec3 far_wood = mix(light, dark, 0.25);
    if (detail > 0.0) {
        // Growth rings around a tilted axis, wobbled by noise; fine fibres along the axis.
        float tilt = 0.35 + 0.3 * fract(seed * 0.618);
        vec3 q = vec3(p.x, p.y * cos(tilt) - p.z * sin(tilt), p.y * sin(tilt) + p.z * cos(tilt));
        float r = length(q.xz + vec2(2.3, 1.1)) * 3.2 + 0.9 * vnoise(p * 1.6);
        float ring = pow(0.5 + 0.5 * sin(r * 6.2831853), 3.0);
        float fibre = vnoise(vec3(q.x * 24.0, q.y * 1.5, q.z * 24.0));
        albedo = mix(far_wood, mix(light, dark, clamp(ring * 0.6 + fibre * 0.25, 0.0, 1.0)), detail);
    } else {
        albedo = far_wood;
    }
#elif defined(MAT_STONE)
    shininess = 12.0;      // matte
    spec_strength = 0.06;
    reflectivity = 0.05;
    const vec3 feldspar = vec3(0.22, 0.215, 0.205);   // grey grains, no lighter than pips allow
    vec3 far_stone = mix(albedo, feldspar, 0.16);        // the granite's median tone
    if (detail > 0.0) {
        // Granite: a mottled near-black ground, grey feldspar grains and a few small pale
        // quartz flecks (a hash per tiny cell); the per-die seed shifts all of it.
        vec3 g = albedo * (0.7 + 0.6 * vnoise(p * 3.5));
        float grain = vnoise(p * 17.0);
        g = mix(g, feldspar, smoothstep(0.62, 0.72, grain) * 0.8);
        float mica = step(0.93, hash13(floor(p * 40.0)));
        g = mix(g, vec3(0.62, 0.61, 0.58), mica * 0.7);
        spec_strength += 0.5 * mica * detail;
        albedo = mix(far_stone, g, detail);
    } else {
        albedo = far_stone;
    }
#elif defined(MAT_RECYCLED)
    shininess = 18.0;      // low gloss
    spec_strength = 0.12;
    reflectivity = 0.08;
    if (detail > 0.0) {
        // Recycled plastic: green, softly mottled, with coloured flecks of other plastics.
        vec3 g = albedo * (0.88 + 0.24 * vnoise(p * 5.0));
        vec3 cell = floor(p * 8.0);
        vec3 local = fract(p * 8.0);
        float h = hash13(cell + seed);
        vec3 centre = 0.3 + 0.4 * vec3(hash13(cell + 1.7), hash13(cell + 4.3), hash13(cell + 9.1));
        float fleck = (h > 0.5) ? 1.0 - smoothstep(0.17, 0.23, length(local - centre)) : 0.0;
        float pick = fract(h * 13.7);
        vec3 fleck_colour = pick < 0.25 ? vec3(0.92, 0.92, 0.86)
                          : pick < 0.5 ? vec3(0.15, 0.35, 0.85)
                          : pick < 0.75 ? vec3(0.95, 0.80, 0.15) : vec3(0.85, 0.20, 0.15);
        g = mix(g, fleck_colour, fleck * 0.9);
        albedo = mix(albedo, g, detail);
    }
#endif

    vec3 diffuse, specular;
#if defined(MAT_GLASS)
    light_surface(v_view_pos, n, 220.0, diffuse, specular);
    vec3 tint = base_colour.rgb;
    vec3 env = environment(reflect(-v, n));
    vec3 behind = vec3(0.0);
    float weight = 0.0;   // how much of the glass's colour is the bent view behind it
    if (refraction_mode > 1.5) {
        // The picture of the scene without glass, looked up off the die's screen position.
        vec2 screen = v_clip.xy / v_clip.w * 0.5 + 0.5;
        vec2 bent = screen - n.xy * (0.045 * (1.0 - 0.5 * ndv));
        behind = textureLod(refraction_tex, clamp(bent, 0.001, 0.999), 0.0).rgb;
        weight = 0.88;
    } else if (refraction_mode > 0.5) {
        behind = ground_behind(weight);
    }
    // Thicker glass at grazing angles and on the rounded rims: deeper tint there.
    // Light caught inside the block (its other faces reflect the room) keeps glass bright and
    // clear even in front of the dark table, instead of turning smoky; and lighter than
    // recycled and wood, also to colour-blind eyes.
    vec3 body = behind * mix(tint, tint * tint * 0.8, 1.0 - ndv) * 0.9 + tint * 0.26;
    vec3 bent_col = mix(body, tint * (0.35 + 0.25 * diffuse), 0.18);
    vec3 plain_col = tint * (0.55 + 0.35 * diffuse);
    vec3 col = mix(plain_col, bent_col, weight > 0.0 ? 1.0 : 0.0);
    col = mix(col, env, fresnel * 0.85) + specular * 1.6;
    // Pips: deep blue paint in the cuts, dark enough to read over the felt and over a card's
    // paper alike (a paler fill vanishes in clear glass).
    col = mix(col, pip_colour.rgb * (0.6 + 0.4 * diffuse), pip * 0.97);
    // Blending with what was drawn behind (opaque dice, then farther glass) shows the rest.
    float alpha = clamp(max(base_colour.a, weight) + fresnel * 0.6 + pip * 0.5, 0.0, 1.0);
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
