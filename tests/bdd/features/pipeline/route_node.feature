Feature: The route node
  A question goes to the Legal, Technical and Financial agents that should answer it. The
  offline router is a transparent classifier (domain lexicon plus similarity to each
  domain's description); it can pick several domains and falls back to all three when
  nothing stands out. The caller can force domains.

  Scenario Outline: A question goes to its domain
    When the offline router routes "<question>"
    Then the route is exactly "<domains>"
    And the reason names the evidence for "<first>"

    Examples:
      | question                                                         | domains   | first     |
      | Which law governs the contract and where are disputes heard?     | legal     | legal     |
      | What indemnification and insurance does the contractor owe?      | legal     | legal     |
      | What uptime and vulnerability remediation times are required?    | technical | technical |
      | Which accessibility standard must the web application meet?      | technical | technical |
      | How are invoices paid and what is the ceiling price?             | financial | financial |
      | How much travel cost will be reimbursed?                         | financial | financial |

  Scenario: A question that spans domains fans out to each of them
    When the offline router routes "What price reduction applies when the 99.99% uptime service level is missed, and is it a contract remedy?"
    Then the route includes "financial"
    And the route includes "technical"

  Scenario: A question with no domain signal goes to all three
    When the offline router routes "Tell me about it"
    Then the route is exactly "legal, technical, financial"

  Scenario: Forced domains win over the classifier
    When the graph runs "What is the contract ceiling?" on "sample" forced to "legal"
    Then the answer comes from the domains "legal" only

  Scenario: Parallel agents each contribute a finding
    When the graph runs "What insurance is required and how are invoices paid?" on "sample" forced to "legal, financial"
    Then the answer comes from the domains "legal, financial" only
    And citations are numbered 1 to N without gaps across both domains

  Scenario: An unknown forced domain is refused before any work
    When the graph runs "What is the price?" on "sample" forced to "marketing"
    Then the ask fails with "unknown domain"
