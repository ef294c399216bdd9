#version 330
// Vertex shader of the big flat things (table top, card paper, screens). They fill most of the
// screen, so everything that is linear across a face is done here, per vertex: the lights
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

in vec4 p3d_Vertex;
in vec3 p3d_Normal;
in vec2 p3d_MultiTexCoord0;

out vec3 v_key;          // key light's diffuse (shadowed in the fragment shader)
out vec3 v_rest;         // ambient and fill: never shadowed
out vec4 v_shadow;       // shadow-map coordinates of the key light
out vec3 v_obj_pos;
out vec3 v_obj_normal;
out vec3 v_world_pos;
out vec2 v_uv;
out float v_rim;         // for the highlight glow

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
    v_shadow = p3d_LightSource[0].shadowViewMatrix * vec4(view.xyz + n * 0.04, 1.0);
    v_obj_pos = p3d_Vertex.xyz;
    v_obj_normal = p3d_Normal;
    v_world_pos = (p3d_ModelMatrix * p3d_Vertex).xyz;
    v_uv = p3d_MultiTexCoord0;
    v_rim = 1.0 - max(dot(n, normalize(-view.xyz)), 0.0);
    gl_Position = p3d_ModelViewProjectionMatrix * p3d_Vertex;
}
