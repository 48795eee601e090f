// Rim for ghost pieces (a hinted move's piece, drawn as a translucent sphere mesh): where
// the surface turns away from the viewer it takes the rim colour and turns opaque, so the
// ghost reads as a clear outline with its colour showing through in the middle.
// Injected after VTK's own lighting code at //VTK::Light::Impl, which it keeps.
// normalVCVSOutput is the interpolated normal in view coordinates; rimColor is a custom
// uniform the viewer sets.
{
  vec3 towards = normalize(normalVCVSOutput);
  float rim = 1.0 - smoothstep(0.5, 0.78, abs(towards.z));
  fragOutput0.rgb = mix(fragOutput0.rgb, rimColor, rim);
  fragOutput0.a = mix(fragOutput0.a, 1.0, rim);
}
