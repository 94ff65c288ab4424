// Entry bundled as a classic script and inlined into each app's index.html by the build.
export {
  installPageChunkLoadGuard,
  type ChunkLoadFailureTexts,
} from "./runtime/page-chunk-load-guard";
