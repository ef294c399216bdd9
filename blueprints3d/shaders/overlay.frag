#version 330
// Highlight overlay: the highlight colour, strongest at the space's rim so the print stays readable.

uniform vec4 highlight;
in vec2 v_uv;
out vec4 o_color;

void main() {
    vec2 d = abs(v_uv - 0.5) * 2.0;
    float edge = max(d.x, d.y);
    float rim = smoothstep(0.72, 0.95, edge);
    o_color = vec4(highlight.rgb, highlight.a * (0.55 + 0.45 * rim));
}
