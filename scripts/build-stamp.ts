/** Where the build notes the origin it was made for (outside dist/, which is published as it is). */
export const BUILD_STAMP_DIR = 'node_modules/.cache/uai-service';
export const BUILD_STAMP = `${BUILD_STAMP_DIR}/build.json`;
