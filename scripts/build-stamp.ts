/**
 * Where the build notes the origin it was made for: outside dist/, which is published as it is,
 * and inside this checkout, so that checkouts sharing one node_modules (worktrees, symlinked
 * clones) do not read each other's note.
 */
export const BUILD_STAMP_DIR = '.cache/uai-service';
export const BUILD_STAMP = `${BUILD_STAMP_DIR}/build.json`;
