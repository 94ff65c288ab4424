// Entry bundled as a classic script file that each app's index.html loads before its modules
// (@paraphe/vite-config).
export {
  installPageChunkLoadGuard,
  type ChunkLoadFailureTexts,
} from "./runtime/page-chunk-load-guard";
