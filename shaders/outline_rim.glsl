// Outline for balls a lesson points at (a holding group, its anchors, a selected group):
// the ball keeps its lit colour and its silhouette takes a thick ring of the rim colour,
// so the outlined balls stand out even among balls of the same colour.
// Injected after VTK's own lighting code at //VTK::Light::Impl, which it keeps.
// offsetVCVSOutput.xy is the fragment's place in the impostor's unit disc; rimColor is a
// custom uniform the viewer sets.
{
  float r2 = dot(offsetVCVSOutput.xy, offsetVCVSOutput.xy);
  float rim = smoothstep(0.55, 0.75, r2);
  fragOutput0.rgb = mix(fragOutput0.rgb, rimColor, rim);
}
