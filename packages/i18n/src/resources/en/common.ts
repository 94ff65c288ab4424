/** Strings shared by every app: actions, loading, not found, language, chunk-load failure. */
export const common = {
  appName: "Paraphe",
  documentTitle: "{{title}} · Paraphe",
  loading: "Loading…",
  opensInNewTab: "(opens in a new tab)",
  skipToContent: "Skip to content",
  notifications: {
    label: "Notifications",
    close: "Close the notification",
  },
  actions: {
    back: "Back",
    cancel: "Cancel",
    close: "Close",
    reload: "Reload the page",
    retry: "Try again",
    save: "Save",
    signIn: "Sign in",
  },
  dataTable: {
    columns: "Columns",
    rowsPerPage: "Rows per page",
    previousPage: "Previous page",
    nextPage: "Next page",
    pageStatus: "Page {{page}} of {{pages}}",
    export: "Export",
    exportCsv: "Export as CSV",
    exportJson: "Export as JSON",
    loading: "Loading the table…",
    empty: "Nothing to show yet",
    sortBy: "Sort by",
    sortNone: "No order",
    sortAscending: "{{column}}, ascending",
    sortDescending: "{{column}}, descending",
  },
  language: {
    label: "Language",
    menu: "Change the language",
    current: "Language: {{language}}",
  },
  notFound: {
    title: "Page not found",
    description:
      "The page you are looking for does not exist or has moved. Check the address, or go back to the home page.",
    action: "Back to home",
  },
  unexpectedError: {
    title: "Something went wrong",
    description: "An unexpected error stopped this page. Reload it to try again.",
  },
  chunkLoad: {
    title: "Paraphe could not be loaded",
    description:
      "A new version may have been published, or the connection was interrupted. Reload the page to try again.",
    reload: "Reload the page",
  },
  /** File sizes, as formatFileSize writes them: {{size}} is already a number of the language. */
  fileSize: {
    bytes_one: "{{size}} byte",
    bytes_other: "{{size}} bytes",
    kilobytes: "{{size}} KB",
    megabytes: "{{size}} MB",
    gigabytes: "{{size}} GB",
  },
};
