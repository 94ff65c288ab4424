// What the security button shows only once it is asked: its tooltip (with the positioning library
// it needs) and the security dialog. A chunk of its own, loaded on the first hover, focus or click,
// so that a page's first load carries the button alone.
import { Tooltip } from "@paraphe/ui-kit";
import { SecurityDialogView } from "./security-dialog";

export { SecurityDialogView, Tooltip };
