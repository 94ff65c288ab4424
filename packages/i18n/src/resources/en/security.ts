/** The security dialog and its attestation status (spec §2, §4, §8: keys under security.attestation). */
export const security = {
  attestation: {
    status: {
      success: "Secure environment verified",
      failure: "Secure environment verification failed",
      none: "Secure environment verification pending",
      unknown: "Secure environment status unknown",
      default: "Secure environment status unavailable",
      noHardware: "This server has no hardware-isolated environment",
    },
    loading: "Loading the verification details…",
    noData: "No verification data yet",
    noDataDescription:
      "The server has not sent any attestation evidence yet. It arrives with the secure connection; reopen this window in a moment.",
    lastUpdated: "Last updated {{date}}",
    clickToLearnMore: "Click to learn more",
    verified: "Verified",
    failed: "Failed",
    pending: "Pending",
    absent: "Not on this server",
    noHardwareExplained:
      "Nothing failed: this server (a development or self-hosted one) does not run inside a trusted execution environment, and says so. Your documents are encrypted between your browser and the server, but nothing beyond its TLS certificate proves which server you reach, nor that the people who operate it cannot read your documents. The software it runs matched the expected values.",
    reasons: {
      noHardware: "no hardware isolation",
      noHardwareDevelopment: "no hardware isolation: development server",
      noHardwareDetail: "no hardware isolation: {{detail}}",
    },
    componentNames: {
      amd_sev_snp: "AMD SEV-SNP (processor isolation)",
      stage0: "Launch firmware (Stage 0)",
      system_image: "System image",
      kernel_image: "Kernel image",
      container_bundle: "Application container",
      container_config: "Container configuration",
    },
    buttonLabel: "Connection security: {{status}}",
    dialogTitle: "Connection security",
    reason: "Reason: {{reason}}",
    hardwareNotVerified:
      "Hardware isolation is not verified. This server has not proved that it runs inside a trusted execution environment, so nothing here shows that the people who operate it cannot read your documents. Your documents are still encrypted between your browser and the server.",
    explanation: {
      title: "What this means",
      tunnel:
        "Your browser and Paraphe's server talk through an encrypted tunnel: what you send is encrypted with AES-256 before it leaves your device, and only the server at the other end can read it.",
      attestation:
        "Remote attestation is how that server proves where it runs: its processor signs a report on the isolated environment and on the software loaded into it, and the report is checked against the expected values.",
      showAdvanced: "Show technical details",
      hideAdvanced: "Hide technical details",
    },
    terms: {
      tee: {
        label: "TEE",
        description:
          "Trusted execution environment: memory that the processor encrypts and isolates, out of reach of the host machine and of the people who run it.",
      },
      enclave: {
        label: "Enclave",
        description:
          "The isolated environment in which the server runs. Your documents are decrypted and processed only inside it.",
      },
      remoteAttestation: {
        label: "Remote Attestation",
        description:
          "A report signed by the processor (AMD SEV-SNP) that describes the enclave and its software, so that it can be checked before it is trusted.",
      },
    },
    components: {
      title: "Components",
      empty: "The server reported no components.",
    },
    raw: {
      show: "Show raw data",
      hide: "Hide raw data",
      label: "Raw attestation status and results",
      entries_one: "{{count}} entry",
      entries_other: "{{count}} entries",
      items_one: "{{count}} item",
      items_other: "{{count}} items",
    },
  },
};
