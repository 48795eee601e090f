// Sphere impostors write the depth of the sphere they show, not of the flat disc VTK
// draws through the sphere's centre: balls that overlap cut each other along their true
// intersection, and the pyramid's edge lines pass behind a ball instead of piercing it.
// Injected at //VTK::Depth::Impl (before any discard, so the derivatives are taken in
// uniform control flow). offsetVCVSOutput.xy is the fragment's place in the impostor's
// unit disc; sphereDepth is a custom uniform the viewer sets before each render: the view
// to clip matrix's depth terms a and b (clip z = a * z + b), its y scale, and the
// viewport's height in pixels.
{
  vec2 disc = offsetVCVSOutput.xy;
  // one pixel's step in the disc coordinate: the disc's radius is its inverse, in pixels
  float texel = length(vec2(dFdx(disc.x), dFdy(disc.x)));
  float ndc = 2.0 * gl_FragCoord.z - 1.0;
  float a = sphereDepth.x;
  float b = sphereDepth.y;
  float lift = sqrt(max(0.0, 1.0 - dot(disc, disc)));
  // view units of one pixel at unit distance (at the centre's distance when perspective)
  float unit = 2.0 / (sphereDepth.z * max(sphereDepth.w, 1.0) * max(texel, 1e-6));
  if (cameraParallel != 0) {
    float z = (ndc - b) / a;  // the centre's depth in view coordinates
    gl_FragDepth = 0.5 * (a * (z + unit * lift) + b) + 0.5;
  } else {
    float z = -b / (ndc + a);  // negative: the camera looks down -z
    float surface = z - z * unit * lift;  // toward the camera by the sphere's radius
    gl_FragDepth = 0.5 * ((a * surface + b) / (-surface)) + 0.5;
  }
}
