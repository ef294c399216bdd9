#version 330
// Shadow-map pass: depth only; colour writes are off on the light's camera.

out vec4 o_color;

void main() {
    o_color = vec4(1.0);
}
