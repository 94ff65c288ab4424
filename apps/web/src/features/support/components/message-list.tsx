import { type SupportMessage } from "@paraphe/api-sdk/contract";
import { useTranslation } from "@paraphe/i18n/react";
import { cn } from "@paraphe/ui-kit";
import { useEffect, useRef } from "react";
import { formatDateTime } from "../../../lib/format";

/**
 * The messages of a conversation, oldest first, as a live log: a screen reader announces the
 * messages that arrive; the view follows the newest. `mine` is the side of the person reading.
 */
export function MessageList({
  messages,
  mine,
  label,
  names,
}: {
  messages: readonly SupportMessage[];
  mine: SupportMessage["author"];
  label: string;
  names: Readonly<Record<SupportMessage["author"], string>>;
}) {
  const { i18n } = useTranslation("web");
  const language = i18n.resolvedLanguage ?? i18n.language;
  const end = useRef<HTMLLIElement>(null);
  const last = messages.at(-1)?.uuid;

  useEffect(() => {
    end.current?.scrollIntoView?.({ block: "nearest" });
  }, [last]);

  return (
    <ol
      role="log"
      aria-label={label}
      aria-live="polite"
      className="flex max-h-[60vh] flex-col gap-3 overflow-y-auto rounded-lg border border-border bg-surface-muted p-3"
      tabIndex={0}
    >
      {messages.map((message, index) => {
        const own = message.author === mine;
        return (
          <li
            key={message.uuid}
            ref={index === messages.length - 1 ? end : undefined}
            className={cn("flex flex-col gap-1", own ? "items-end" : "items-start")}
          >
            <span className="text-xs text-ink-muted">
              {names[message.author]} · {formatDateTime(message.at, language, "")}
            </span>
            <p
              className={cn(
                "max-w-[85%] whitespace-pre-wrap break-words rounded-lg px-3 py-2 text-sm",
                own ? "bg-brand-600 text-white" : "border border-border bg-surface text-ink",
              )}
            >
              {message.body}
            </p>
          </li>
        );
      })}
    </ol>
  );
}
