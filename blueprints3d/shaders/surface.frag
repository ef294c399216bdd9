#version 330
// Flat things: card paper (SURF_PAPER), table top (SURF_TABLE), player screens (SURF_SCREEN).

#pragma include "common.glsl"

uniform sampler2D p3d_Texture0;   // paper: the printed card face
uniform sampler2D surface_tex;    // paper: fibre detail; table: planks; screen: board
uniform float surface_scale;      // cm covered by one repeat of surface_tex

in vec3 v_view_pos;
in vec3 v_view_normal;
in vec3 v_view_tangent;
in vec3 v_obj_pos;
in vec3 v_obj_normal;
in vec3 v_world_pos;
in vec2 v_uv;
in vec4 v_clip;

out vec4 o_color;

void main() {
    vec3 n = normalize(v_view_normal);
    if (!gl_FrontFacing) n = -n;
    vec3 albedo;
    float shininess, spec_strength;
#if defined(SURF_PAPER)
    float fibre = texture(surface_tex, v_world_pos.xy / surface_scale).r;
    albedo = texture(p3d_Texture0, v_uv).rgb * (0.9 + 0.2 * fibre);
    shininess = 6.0;
    spec_strength = 0.04;
#elif defined(SURF_TABLE)
    albedo = texture(surface_tex, v_world_pos.xy / surface_scale).rgb;
    shininess = 40.0;      // oiled wood
    spec_strength = 0.18;
#else
    // Screens stand upright: project the board texture along the face's main axis.
    vec3 an = abs(v_obj_normal);
    vec2 uv = an.x > max(an.y, an.z) ? v_obj_pos.yz : (an.y > an.z ? v_obj_pos.xz : v_obj_pos.xy);
    albedo = texture(surface_tex, uv / surface_scale).rgb;
    shininess = 10.0;
    spec_strength = 0.05;
#endif
    vec3 diffuse, specular;
    light_surface(v_view_pos, n, shininess, diffuse, specular);
    vec3 col = albedo * diffuse + specular * spec_strength;
    col += highlight_glow(n, v_view_pos);
    o_color = vec4(col, 1.0);
}
