// The bundler's log filter for every build of this package: the artifact registry is imported statically by the
// artifact elements and lazily by the diagnostic card and the channel (which need it only for a first check), so it
// has its own chunk either way; the bundler's note that the lazy imports do not move it says nothing to act on.
export function onLog(level, log, handler) {
  if (log.code !== 'INEFFECTIVE_DYNAMIC_IMPORT') handler(level, log);
}
