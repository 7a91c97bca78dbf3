Feature: Ask (offline answerer)
  An analyst asks a question and gets an answer whose every citation points at a page a
  tool really returned. With no chat model configured the offline extractive answerer
  answers. "real" holds two real GSA solicitation PDFs (the cloud.gov PWS and QASP);
  "sample" holds the project's sample RFP.

  Scenario Outline: Answers cite the expected file and page
    When I ask "<question>" of "<kb>"
    Then the answer cites "<file>" page <page>
    And the answer quotes "<phrase>"
    And every citation in the answer text maps to a passage a tool returned

    Examples:
      | kb     | question                                                              | file                         | page | phrase                         |
      | real   | How many annual labor hours must the cloud.gov support team commit?   | gsa-cloudgov-support-pws.pdf | 3    | 6,000 annual labor hours       |
      | real   | What customer application availability does cloud.gov aim for?        | gsa-cloudgov-support-pws.pdf | 2    | 99.99%                         |
      | real   | Why must cloud.gov components be kept up to date?                     | gsa-cloudgov-support-pws.pdf | 4    | FedRAMP Authorization          |
      | sample | What liquidated damages apply if go-live is late?                     | sample_rfp.pdf               | 9    | USD 1,500 per calendar day     |
      | sample | What commercial general liability insurance must the contractor hold? | sample_rfp.pdf               | 8    | commercial general liability   |

  Scenario Outline: An unanswerable question gets the no-evidence answer
    When I ask "<question>" of "real"
    Then the answer says the documents hold no evidence
    And the answer carries a no-evidence warning

    Examples:
      | question                                                  |
      | What liquidated damages per day apply for late delivery?  |
      | Which COBOL mainframe modules must be migrated?           |

  Scenario: A knowledge base outside the run's scope is refused and logged
    Given a run scoped to "real"
    When an agent's tool asks for knowledge base "sample"
    Then the tool result is an error naming the knowledge bases in scope
    And no passage from "sample" is returned
    And the refusal is logged

  Scenario: A follow-up question in a thread uses the earlier turn
    When I ask "What liquidated damages apply if go-live is late?" of "sample" in thread "t-1"
    And I ask "What is the maximum for it?" of "sample" in thread "t-1"
    Then the second answer's searches include the earlier question
    And the thread holds both turns
