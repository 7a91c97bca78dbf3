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
      | real   | How many customer email support requests does cloud.gov get a month?  | gsa-cloudgov-support-pws.pdf | 2    | 30 customer email support      |
      | real   | How many virtual machines make up the cloud.gov system?               | gsa-cloudgov-support-pws.pdf | 2    | 270+ virtual machines          |
      | real   | How quickly must the contractor detect a service disruption?          | gsa-cloudgov-support-qasp.pdf | 6   | within two minutes             |
      | sample | What liquidated damages apply if go-live is late?                     | sample_rfp.pdf               | 9    | USD 1,500 per calendar day     |
      | sample | What commercial general liability insurance must the contractor hold? | sample_rfp.pdf               | 8    | commercial general liability   |

  Scenario Outline: A question for an amount no passage states gets the no-evidence answer
    When I ask "<question>" of "real"
    Then the answer says the documents hold no evidence
    And the answer carries a no-evidence warning

    Examples:
      | question                                        |
      | How much does the bid bond cost?                |
      | What is the price of the quantum chip license?  |

  Scenario Outline: A question whose subject no document mentions gets the closest passages, with a caution
    When I ask "<question>" of "real"
    Then the answer says the closest passages may not answer it, and cites them
    And the answer carries a weak-evidence warning naming "<absent>"

    Examples:
      | question                                                   | absent    |
      | What bid bond must accompany each offer?                   | bond      |
      | Which mainframe languages must be ported to quantum chips? | mainframe |

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
