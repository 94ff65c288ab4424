/** The team web app: layouts, navigation, header and menus. */
export const web = {
  subtitle: "Electronic signatures for teams",
  session: {
    loading: "Loading your session…",
  },
  nav: {
    label: "Main navigation",
    dashboard: "Dashboard",
    envelopes: "Envelopes",
    inbox: "Inbox",
    inboxPending: "Requests are waiting for you",
    templates: "Templates",
    contacts: "Contacts",
    settings: "Settings",
    collapse: "Collapse the navigation",
    expand: "Expand the navigation",
  },
  header: {
    menu: "Navigation menu",
    closeMenu: "Close the navigation menu",
  },
  userMenu: {
    trigger: "Account menu",
    signedInAs: "Signed in as",
    avatarAlt: "Profile picture of {{email}}",
    profile: "Profile",
    support: "Support",
    language: "Language",
    logout: "Log out",
  },
  logoMenu: {
    trigger: "Paraphe menu",
    openDashboard: "Open the dashboard",
    publicWebsite: "Go to the public website",
    privacyPolicy: "Read the privacy policy",
    signatureLegality: "Read about signature legality",
  },
  publicLayout: {
    signIn: "Sign in",
  },
};
