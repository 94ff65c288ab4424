// The notification library's calls, a chunk the pages' toasts ask for when they show (`./toast`).
export { toast } from "@paraphe/ui-kit";
