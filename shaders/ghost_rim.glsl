// X-ray rim for ghost balls (peeled or clipped away): the disc's edge takes the rim
// colour and its middle fades toward white, so ghosts read as outlines behind solid balls.
// Injected after VTK's own lighting code at //VTK::Light::Impl, which it keeps.
// offsetVCVSOutput.xy is the fragment's place in the impostor's unit disc (VTK renames it
// when a geometry shader is in use); rimColor is a custom uniform the viewer sets.
{
  float r2 = dot(offsetVCVSOutput.xy, offsetVCVSOutput.xy);
  float rim = smoothstep(0.35, 0.95, r2);
  vec3 pale = mix(vertexColorVSOutput.rgb, vec3(1.0), 0.6);
  fragOutput0.rgb = mix(pale, rimColor, rim);
}
