Feature: Ask in LLM mode, against a real model server
  The ask scenarios answered by the domain agents with a real chat model:
  llama-cpp-python's OpenAI-compatible server on loopback serving a 0.5B instruct model
  (rfp_agents/local_llm.py). Nothing here asserts the model's wording. A model this small
  answers worse than the extractive answerer; what must hold is the pipeline around it:
  routing, the tool loop, citations from what the tools returned, threads, and the
  naive-RAG path. "sample" holds the project's sample RFP.

  Scenario: The model routes the question, or the classifier when its reply is no domain
    When I ask "What commercial general liability insurance must the contractor hold?" of "sample" in LLM mode
    Then the route names "legal"
    And the route was made by the model or, failing it, the classifier
    And the answer cites "sample_rfp.pdf" page 8
    And no agent's reply was cut off by another agent's request

  Scenario Outline: The legal agent's tool loop ends in an answer citing the right page
    When I ask the legal agent "<question>" of "sample" in LLM mode
    Then the agent called a knowledge tool that returned passages
    And the answer cites "sample_rfp.pdf" page <page>
    And every citation in the answer text maps to a passage a tool returned

    Examples:
      | question                                                              | page |
      | What liquidated damages apply if go-live is late?                     | 9    |
      | What commercial general liability insurance must the contractor hold? | 8    |

  Scenario: A follow-up question in a thread is answered from the turn before
    When I ask the legal agent "What liquidated damages apply if go-live is late?" of "sample" in LLM mode in thread "llm-t1"
    And I ask the legal agent "What is the maximum for them?" of "sample" in LLM mode in thread "llm-t1"
    Then the answer cites "sample_rfp.pdf" page 9
    And the thread holds both turns

  Scenario: With tool calling off, the agent retrieves first and then generates (naive RAG)
    Given tool calling is off
    When I ask the legal agent "What liquidated damages apply if go-live is late?" of "sample" in LLM mode
    Then the finding was written by naive RAG
    And the answer cites "sample_rfp.pdf" page 9
