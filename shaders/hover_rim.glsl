// The hover's ring on a ball (the ball under the mouse): dashes of the rim colour and of
// near black round the silhouette, so it is told apart from every solid rim (a winner's
// gold corners, a holding group) whatever the ball's colour.
// Injected after VTK's own lighting code at //VTK::Light::Impl, which it keeps.
// offsetVCVSOutput.xy is the fragment's place in the impostor's unit disc; rimColor is a
// custom uniform the viewer sets.
{
  vec2 at = offsetVCVSOutput.xy;
  float rim = smoothstep(0.55, 0.75, dot(at, at));
  float dash = step(0.5, fract(atan(at.y, at.x) * 1.909859)); // 12 dashes round the ring
  vec3 ring = mix(rimColor, vec3(0.08, 0.08, 0.1), dash);
  fragOutput0.rgb = mix(fragOutput0.rgb, ring, rim);
}
