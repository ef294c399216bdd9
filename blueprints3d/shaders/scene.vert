#version 330
// Vertex shader of everything lit: dice, cards, table, screens.

uniform mat4 p3d_ModelViewProjectionMatrix;
uniform mat4 p3d_ModelViewMatrix;
uniform mat3 p3d_NormalMatrix;
uniform mat4 p3d_ModelMatrix;

in vec4 p3d_Vertex;
in vec3 p3d_Normal;
in vec2 p3d_MultiTexCoord0;
in vec3 p3d_Tangent;

out vec3 v_view_pos;     // position in view space (lighting)
out vec3 v_view_normal;
out vec3 v_view_tangent;
out vec3 v_obj_pos;      // position in the model's own space (grain that follows the die)
out vec3 v_obj_normal;
out vec3 v_world_pos;    // position under the scene root (table and paper textures)
out vec2 v_uv;
out vec4 v_clip;         // for screen-space lookups (glass refraction)
out vec3 v_world_dir;    // camera -> vertex in world space (glass: rays to the ground)

void main() {
    vec4 view = p3d_ModelViewMatrix * p3d_Vertex;
    v_view_pos = view.xyz;
    v_view_normal = normalize(p3d_NormalMatrix * p3d_Normal);
    v_view_tangent = p3d_NormalMatrix * p3d_Tangent;
    v_obj_pos = p3d_Vertex.xyz;
    v_obj_normal = p3d_Normal;
    v_world_pos = (p3d_ModelMatrix * p3d_Vertex).xyz;
    v_uv = p3d_MultiTexCoord0;
    gl_Position = p3d_ModelViewProjectionMatrix * p3d_Vertex;
    v_clip = gl_Position;
    // View -> world for directions: model -> world after view -> model (rigid, so transpose).
    v_world_dir = mat3(p3d_ModelMatrix) * (transpose(mat3(p3d_ModelViewMatrix)) * view.xyz);
}
